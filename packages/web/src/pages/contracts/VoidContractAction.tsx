import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Input, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract, contractActions, translate, voidContract } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import type { Row } from '../../components/list/fieldColumns';

/** Void a contract, with a reason; shown only while the workflow allows it (a voided contract is final). */
export function VoidContractAction(props: { row: Row }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: () =>
      client.call(voidContract, {
        params: { id: props.row.id },
        // the revision read with the row: a void over someone else's newer save is a 409
        body: { reason, revision: props.row.revision as number | undefined },
      }),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: [contract.path] });
    },
  });
  if (!contractActions(Number(props.row.state ?? 1)).includes('void')) return null;
  return (
    <>
      <Button
        size="small"
        type="link"
        danger
        data-testid={`void-${props.row.id}`}
        onClick={() => {
          setReason('');
          setOpen(true);
        }}
      >
        {t('contracts.void')}
      </Button>
      <Modal
        open={open}
        title={t('contracts.voidTitle', { no: String(props.row.contractNo) })}
        okText={t('contracts.void')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', 'data-testid': 'void-ok' } as ButtonProps}
        cancelText={t('common.cancel')}
        confirmLoading={run.isPending}
        onOk={() => run.mutate()}
        onCancel={() => setOpen(false)}
      >
        <Alert type="warning" showIcon title={t('contracts.voidWarning')} style={{ marginBottom: 12 }} />
        <Input.TextArea
          aria-label={t('contracts.voidReason')}
          placeholder={t('contracts.voidReason')}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="void-reason"
        />
      </Modal>
    </>
  );
}
