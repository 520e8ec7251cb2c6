import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { user, translate } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import type { Row } from '../../components/list/fieldColumns';
import { RefSelect } from '../../components/options/RefSelect';
import { pickableTarget } from '../../components/options/refTarget';

const ROLES = pickableTarget(user.fields.roleIds)!;

/** Choose a user's roles; saved as an update of the user with the new role list. */
export function AssignRolesAction(props: { row: Row }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const save = useMutation({
    mutationFn: () =>
      // only the roles change; the revision read with the row makes a save over someone else's newer edit a 409
      client.entities.user.save({ id: props.row.id, revision: props.row.revision as number | undefined, roleIds }),
    onSuccess: () => {
      message.success(translate(language, 'outcome.saved'));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: [user.path] });
    },
  });
  return (
    <>
      <Button
        size="small"
        type="link"
        data-testid={`assign-roles-${props.row.id}`}
        onClick={() => {
          setRoleIds(((props.row.roleIds as number[] | null) ?? []).slice());
          setOpen(true);
        }}
      >
        {t('users.assignRoles')}
      </Button>
      <Modal
        open={open}
        title={`${t('users.assignRoles')} · ${String(props.row.username)}`}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => save.mutate()}
        onCancel={() => setOpen(false)}
      >
        <RefSelect
          entity={ROLES}
          multiple
          style={{ width: '100%' }}
          value={roleIds}
          onChange={(next) => setRoleIds([next ?? []].flat())}
          testId="role-select"
        />
      </Modal>
    </>
  );
}
