import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  WORK_ORDER_FLAGS,
  enumLabel,
  inspection,
  permits,
  issueMessage,
  LIVE_FRAME_TYPE,
  translate,
  workOrder,
  workOrderActionLabel,
  workOrderRoleLabel,
  workOrderState,
  WorkOrderActionBody,
  type UserAction,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { OrderSummary } from '../../components/records/OrderSummary';
import { StepTimeline } from '../../components/records/StepTimeline';
import { FormDialog } from '../../components/form/FormDialog';
import { useLiveFrames } from '../../live/liveFrames';

const SHOWN = [
  'workOrderNo',
  'elevatorName',
  'address',
  'deviceCode',
  'type',
  'recordState',
  'alarmTime',
  'callTime',
  'finishTime',
  'handling',
  'faultReason',
  'revocationReason',
  // who raised it and how (a phone call, an app report, an annual inspection: docs/decisions.md "Repair orders
  // raised by people"), and who confirmed it
  'repairMethod',
  'launcher',
  'contactPerson',
  'contactTel',
  'alarmPersonPhone',
  'hasPeople',
  'propertyName',
  'confirmPeople',
] as const;

/** A work order: its fields, people, tracking timeline and (unless read-only) the actions allowed now. */
export function WorkOrderDetail(props: { id: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { client, language, session } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'finish' | 'cancel' | null>(null);
  const key = ['workOrders', 'detail', props.id];
  const detail = useQuery({ queryKey: key, queryFn: () => client.workOrders.detail(props.id) });
  useLiveFrames(
    () => void queryClient.invalidateQueries({ queryKey: key }),
    (frame) => frame.type === LIVE_FRAME_TYPE.workOrder && frame.data.id === props.id,
  );
  const act = useMutation({
    mutationFn: ({ action, body }: { action: UserAction; body?: WorkOrderActionBody }) =>
      client.workOrders.act(props.id, action, body),
    onSuccess: () => {
      setAsking(null);
      message.success(translate(language, 'outcome.done'));
      void queryClient.invalidateQueries({ queryKey: ['workOrders'] });
    },
    // a 409 (someone else moved the order first) is reported as the server words it; show the order as it is now
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  const data = detail.data;
  const order = data?.order ?? {};
  // an order a no-pass raised links back to its annual inspection (linked both ways), for those who may read it
  const inspectionId = typeof order.inspectionId === 'number' ? order.inspectionId : null;
  const mayReadInspections = !!session && permits(session.username, session.auth, inspection.permission.read);
  const raisedBy = useQuery({
    queryKey: ['yearChecks', 'detail', inspectionId],
    queryFn: () => client.entities.inspection.get(inspectionId!),
    enabled: inspectionId !== null && mayReadInspections,
  });
  /** Required, with the message every form gives: the field named, in the reader's language (the server's rule). */
  const requiredRule = (field: keyof WorkOrderActionBody) => [
    {
      required: true,
      whitespace: true,
      message: issueMessage(WorkOrderActionBody, { field, rule: 'validation.required' }, language),
    },
  ];
  const run = (action: UserAction) => {
    if (action === 'finish' || action === 'cancel') setAsking(action);
    else act.mutate({ action });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="work-order-detail">
      <OrderSummary
        entity={workOrder}
        number={order.workOrderNo}
        record={order}
        fields={SHOWN}
        state={enumLabel(workOrderState, order.recordState as number | null, language)}
        stateTestId="work-order-state"
        language={language}
        loading={detail.isLoading}
      >
        {props.readOnly || !data ? null : (
          <Space style={{ marginTop: 16 }} wrap data-testid="work-order-actions">
            {data.allowedActions.map((action) => (
              <Button
                key={action}
                type={action === 'cancel' ? 'default' : 'primary'}
                danger={action === 'cancel'}
                loading={act.isPending && act.variables?.action === action}
                onClick={() => run(action)}
                data-testid={`action-${action}`}
              >
                {t(`monitoring.${action}`)}
              </Button>
            ))}
          </Space>
        )}
        {raisedBy.data ? (
          <div style={{ marginTop: 16 }}>
            {workOrder.fields.inspectionId.label[language]}:{' '}
            <Link
              to={`/yearCheck?checkNo=${encodeURIComponent(raisedBy.data.checkNo)}`}
              data-testid="work-order-inspection"
            >
              {raisedBy.data.checkNo}
            </Link>
          </div>
        ) : null}
      </OrderSummary>
      <Card title={t('monitoring.alarmFlow')} size="small" data-testid="work-order-flags">
        <Space wrap>
          {WORK_ORDER_FLAGS.map((flag) => {
            const raised = order[flag] === true;
            return (
              <Tag
                key={flag}
                color={raised ? 'blue' : undefined}
                data-testid={`flag-${flag}`}
                data-raised={raised ? 'yes' : 'no'}
                style={raised ? undefined : { opacity: 0.45 }}
              >
                {workOrder.fields[flag].label[language]}
              </Tag>
            );
          })}
        </Space>
      </Card>
      <Card title={t('monitoring.people')} size="small">
        {data && data.people.length > 0 ? (
          <Space wrap>
            {data.people.map((p) => (
              <Tag key={`${p.userId}:${p.role}`}>
                {p.name} · {workOrderRoleLabel(p.role, language)}
              </Tag>
            ))}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitoring.noPeople')} />
        )}
      </Card>
      <StepTimeline
        title={t('monitoring.timeline')}
        testId="work-order-timeline"
        steps={(data?.timeline ?? []).map((step) => ({
          state: enumLabel(workOrderState, step.toState, language),
          action: workOrderActionLabel(step.action, language),
          userName: step.userName,
          time: step.time,
          note: step.note,
        }))}
      />
      <FormDialog
        open={asking !== null}
        title={asking ? t(`monitoring.${asking}`) : ''}
        saving={act.isPending}
        onSubmit={(values) => act.mutate({ action: asking!, body: values as WorkOrderActionBody })}
        onClose={() => setAsking(null)}
        testId={`form-${asking ?? ''}`}
      >
        {asking === 'finish' ? (
          <>
            <Form.Item
              name="handling"
              label={workOrder.fields.handling.label[language]}
              rules={requiredRule('handling')}
            >
              <Input.TextArea maxLength={1000} rows={3} />
            </Form.Item>
            <Form.Item
              name="faultReason"
              label={workOrder.fields.faultReason.label[language]}
              rules={requiredRule('faultReason')}
            >
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label={t('monitoring.cancelReason')} rules={requiredRule('reason')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        )}
      </FormDialog>
    </Space>
  );
}
