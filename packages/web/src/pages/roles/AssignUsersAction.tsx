import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Transfer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { role, translate } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** GET/PUT roles/{id}/users: move users between the role's selected and unselected lists. */
export function AssignUsersAction(props: { roleId: number; roleName: string }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[] | null>(null);
  const users = useQuery({
    queryKey: [role.path, props.roleId, 'users'],
    queryFn: () => client.roles.users(props.roleId),
    enabled: open,
    staleTime: 0,
  });
  const all = [...(users.data?.selected ?? []), ...(users.data?.unselected ?? [])].map((u) => ({
    key: String(u.id),
    title: `${u.name} (${u.username})`,
  }));
  const targetKeys = selected ?? (users.data?.selected ?? []).map((u) => String(u.id));
  const save = useMutation({
    mutationFn: () => client.roles.assignUsers(props.roleId, targetKeys.map(Number)),
    onSuccess: () => {
      message.success(translate(language, 'outcome.saved'));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: [role.path] });
    },
  });
  return (
    <>
      <Button
        size="small"
        type="link"
        data-testid={`assign-users-${props.roleId}`}
        onClick={() => {
          setSelected(null);
          setOpen(true);
        }}
      >
        {t('roles.assignUsers')}
      </Button>
      <Modal
        open={open}
        width={720}
        title={`${t('roles.assignUsers')} · ${props.roleName}`}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        // the lists replace the role's users whole: save only once they are read as they are now
        okButtonProps={{ disabled: users.isFetching }}
        onOk={() => save.mutate()}
        onCancel={() => setOpen(false)}
      >
        <Transfer
          dataSource={all}
          targetKeys={targetKeys}
          onChange={(keys) => setSelected(keys.map(String))}
          render={(item) => item.title}
          titles={[t('roles.unselected'), t('roles.selected')]}
          showSearch
          listStyle={{ width: 300, height: 360 }}
          data-testid="role-users-transfer"
        />
      </Modal>
    </>
  );
}
