import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirmOldMaintenanceOrder,
  evaluation,
  invalidateOldMaintenanceOrder,
  issueMessage,
  oldMaintenanceActions,
  oldMaintenanceOrder,
  OldMaintenanceConfirmBody,
  OldMaintenanceInvalidateBody,
  translate,
  type OldMaintenanceAction,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { FormDialog } from '../../components/form/FormDialog';

const COLUMNS = [
  'orderNo',
  'elevatorName',
  'companyName',
  'worker1Name',
  'maintenanceDate',
  'status',
  'evaluation',
  'confirmedBy',
];

/** The moves allowed now (workflow/oldMaintenanceOrder.ts) as buttons; each asks its body in a small dialog. */
function OldOrderActions(props: { id: number; status: number }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<OldMaintenanceAction | null>(null);
  const act = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      asking === 'confirm'
        ? client.call(confirmOldMaintenanceOrder, {
            params: { id: props.id },
            body: values as OldMaintenanceConfirmBody,
          })
        : client.call(invalidateOldMaintenanceOrder, {
            params: { id: props.id },
            body: values as OldMaintenanceInvalidateBody,
          }),
    onSuccess: () => {
      setAsking(null);
      message.success(translate(language, 'outcome.done'));
      void queryClient.invalidateQueries({ queryKey: [oldMaintenanceOrder.path] });
    },
    // a 409 (someone else moved it first) is reported as the server words it; show the list as it is now
    onError: () => void queryClient.invalidateQueries({ queryKey: [oldMaintenanceOrder.path] }),
  });
  const actions = oldMaintenanceActions(props.status);
  if (actions.length === 0) return null;
  return (
    <Space size={4}>
      {actions.map((action) => (
        <Button
          key={action}
          type="link"
          size="small"
          danger={action === 'invalidate'}
          onClick={() => setAsking(action)}
          data-testid={`old-${action}-${props.id}`}
        >
          {t(`maint.${action}`)}
        </Button>
      ))}
      <FormDialog
        open={asking !== null}
        title={asking ? t(`maint.${asking}`) : ''}
        saving={act.isPending}
        onSubmit={(values) => act.mutate(values)}
        onClose={() => setAsking(null)}
        testId={`form-old-${asking ?? ''}`}
      >
        {asking === 'confirm' ? (
          <>
            <Form.Item
              name="evaluation"
              label={t('maint.evaluation')}
              rules={[
                {
                  required: true,
                  message: issueMessage(
                    OldMaintenanceConfirmBody,
                    { field: 'evaluation', rule: 'validation.required' },
                    language,
                  ),
                },
              ]}
            >
              <Select
                options={evaluation.options.map((o) => ({ value: o.code, label: o.label[language] }))}
                data-testid="old-evaluation"
              />
            </Form.Item>
            <Form.Item name="advice" label={t('maint.advice')}>
              <Input.TextArea maxLength={1000} rows={3} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="invalidReason"
            label={t('maint.reason')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: issueMessage(
                  OldMaintenanceInvalidateBody,
                  { field: 'invalidReason', rule: 'validation.required' },
                  language,
                ),
              },
            ]}
          >
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        )}
      </FormDialog>
    </Space>
  );
}

/**
 * Old-style maintenance orders (the second tab of /maintWork, index 322): written up after the work, edited while
 * waiting for confirmation, then confirmed by the use unit or invalidated (both final, so no edit or delete after).
 */
export function OldMaintOrders() {
  const waiting = (row: Record<string, unknown>) => Number(row.status) === 1;
  return (
    <CrudPage
      entity={oldMaintenanceOrder}
      columns={COLUMNS}
      canEditRow={waiting}
      canDeleteRow={waiting}
      testId="old-maint-orders"
      extraActions={(row) => <OldOrderActions id={Number(row.id)} status={Number(row.status)} />}
    />
  );
}
