import {
  WEBHOOK_STATUS,
  listWebhookAttempts,
  redeliverWebhook,
  translate,
  webhookDelivery,
  webhookStatus,
  type WebhookAttempt,
  type WebhookDelivery,
} from '@liftcloud/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/ConsoleContext';

const STATUS_COLOR: Record<number, string> = {
  [WEBHOOK_STATUS.pending]: 'gold',
  [WEBHOOK_STATUS.delivered]: 'green',
  [WEBHOOK_STATUS.failed]: 'red',
};

/** One delivery's attempts: time, HTTP status, latency, the start of the answer or the error. */
function Attempts(props: { id: number }) {
  const { client } = useConsole();
  const { t } = useTranslation();
  const attempts = useQuery({
    queryKey: ['webhookAttempts', props.id],
    queryFn: () => client.call(listWebhookAttempts, { params: { id: props.id } }),
  });
  return (
    <Table<WebhookAttempt>
      size="small"
      rowKey="id"
      pagination={false}
      loading={attempts.isLoading}
      dataSource={attempts.data ?? []}
      columns={[
        { title: t('developers.attemptTime'), dataIndex: 'attemptTime' },
        { title: 'HTTP', dataIndex: 'statusCode', render: (v: number | null) => v ?? '—' },
        { title: t('developers.latency'), dataIndex: 'latencyMs', render: (v: number) => `${v} ms` },
        {
          title: t('developers.answer'),
          render: (_: unknown, a) => a.error ?? a.responseExcerpt ?? '',
        },
      ]}
    />
  );
}

/** A developer's delivery log (webhookDelivery records), each with its attempts and a redeliver action. */
export function DeliveriesDrawer(props: { developer: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [failedOnly, setFailedOnly] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const developerId = props.developer?.id;
  const list = useQuery({
    queryKey: [webhookDelivery.path, developerId, failedOnly, pageNo],
    enabled: developerId !== undefined,
    queryFn: () =>
      client.entities.webhookDelivery.list({
        developerId,
        pageNo,
        ...(failedOnly ? { status: WEBHOOK_STATUS.failed } : {}),
      }),
  });
  const redeliver = useMutation({
    mutationFn: (id: number) => client.call(redeliverWebhook, { params: { id } }),
    onSuccess: () => {
      message.success(translate(language, 'outcome.done'));
      void queryClient.invalidateQueries({ queryKey: [webhookDelivery.path] });
    },
  });
  return (
    <Drawer
      open={props.developer !== null}
      onClose={props.onClose}
      size={960}
      title={props.developer ? `${props.developer.name} · ${webhookDelivery.label[language]}` : ''}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Switch checked={failedOnly} onChange={(v) => (setFailedOnly(v), setPageNo(1))} data-testid="failed-only" />
        {t('developers.failedOnly')}
      </Space>
      <Table<WebhookDelivery>
        size="small"
        rowKey="id"
        data-testid="deliveries"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{ current: pageNo, total: list.data?.total ?? 0, pageSize: 20, onChange: setPageNo }}
        expandable={{ expandedRowRender: (row) => <Attempts id={row.id} /> }}
        columns={[
          { title: webhookDelivery.fields.eventType.label[language], dataIndex: 'eventType' },
          { title: webhookDelivery.fields.eventTime.label[language], dataIndex: 'eventTime' },
          {
            title: webhookDelivery.fields.status.label[language],
            dataIndex: 'status',
            render: (v: number) => (
              <Tag color={STATUS_COLOR[v]}>{webhookStatus.options.find((o) => o.code === v)?.label[language]}</Tag>
            ),
          },
          { title: webhookDelivery.fields.attempts.label[language], dataIndex: 'attempts' },
          { title: webhookDelivery.fields.lastStatusCode.label[language], dataIndex: 'lastStatusCode' },
          { title: webhookDelivery.fields.msgId.label[language], dataIndex: 'msgId' },
          {
            title: '',
            render: (_: unknown, row) => (
              <Button
                size="small"
                type="link"
                data-testid={`redeliver-${row.id}`}
                loading={redeliver.isPending && redeliver.variables === row.id}
                onClick={() => redeliver.mutate(row.id)}
              >
                {t('developers.redeliver')}
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
