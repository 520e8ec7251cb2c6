import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { user, translate } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** PUT users/{id}/lock: a locked user can no longer log in. */
export function LockAction(props: { userId: number; locked: boolean }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => client.users.setLocked(props.userId, !props.locked),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      void queryClient.invalidateQueries({ queryKey: [user.path] });
    },
  });
  return (
    <Popconfirm
      title={props.locked ? t('users.unlockConfirm') : t('users.lockConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => toggle.mutate()}
    >
      <Button size="small" type="link" data-testid={`lock-${props.userId}`} loading={toggle.isPending}>
        {props.locked ? t('users.unlock') : t('users.lock')}
      </Button>
    </Popconfirm>
  );
}
