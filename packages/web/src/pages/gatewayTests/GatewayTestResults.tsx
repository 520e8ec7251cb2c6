import { useQuery } from '@tanstack/react-query';
import { Progress, Spin, Table, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import {
  GATEWAY_TEST_RESULT_LABELS as LABELS,
  GATEWAY_TEST_STATE,
  enumLabel,
  gatewayResultRunning,
  gatewayTestReason,
  type GatewayTestResult,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { useLocalized } from '../../i18n/useLocalized';

/** How often a running test's results are read again. */
const POLL_MS = 1_000;

const isRunning = gatewayResultRunning;

/** One test's gateways in test order: window, messages by kind, outcome; polled while the test runs. */
export function GatewayTestResults(props: { id: number }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const local = useLocalized();
  const detail = useQuery({
    queryKey: ['gatewayTests', 'detail', props.id],
    queryFn: () => client.gatewayTests.detail(props.id),
    refetchInterval: (q) =>
      q.state.data && q.state.data.state !== null && q.state.data.state <= GATEWAY_TEST_STATE.running ? POLL_MS : false,
  });
  if (!detail.data) return <Spin />;
  const { results } = detail.data;
  const ended = results.filter((r) => r.passed !== null || r.reason !== null).length;

  const outcome = (r: GatewayTestResult) => {
    if (r.passed === true) return <Tag color="green">{t('gatewayTests.passed')}</Tag>;
    if (r.passed === false) return <Tag color="red">{t('gatewayTests.failed')}</Tag>;
    if (isRunning(r)) return <Tag color="processing">{t('gatewayTests.testing')}</Tag>;
    return <Tag>{t('gatewayTests.pending')}</Tag>;
  };
  const columns: ColumnType<GatewayTestResult>[] = [
    { key: 'seq', dataIndex: 'seq', title: local(LABELS.seq), width: 70 },
    { key: 'dtuCode', dataIndex: 'dtuCode', title: local(LABELS.dtuCode) },
    { key: 'windowStart', dataIndex: 'windowStart', title: local(LABELS.windowStart), render: (v) => v ?? '-' },
    { key: 'windowEnd', dataIndex: 'windowEnd', title: local(LABELS.windowEnd), render: (v) => v ?? '-' },
    {
      key: 'messages',
      title: `${local(LABELS.messages)} (${local(LABELS.statusCount)} / ${local(LABELS.faultCount)} / ${local(LABELS.alarmCount)})`,
      render: (_, r) => `${r.messages} (${r.statusCount} / ${r.faultCount} / ${r.alarmCount})`,
    },
    {
      key: 'onlineSeen',
      title: local(LABELS.onlineSeen),
      render: (_, r) => (r.windowEnd ? t(r.onlineSeen ? 'common.yes' : 'common.no') : '-'),
    },
    {
      key: 'passed',
      title: local(LABELS.passed),
      render: (_, r) => <span data-testid={`gateway-test-outcome-${r.dtuCode}`}>{outcome(r)}</span>,
    },
    {
      key: 'reason',
      title: local(LABELS.reason),
      render: (_, r) => (r.reason === null ? '' : enumLabel(gatewayTestReason, r.reason, language)),
    },
  ];
  return (
    <div data-testid={`gateway-test-results-${props.id}`}>
      <Progress percent={Math.round((ended / Math.max(1, results.length)) * 100)} size="small" />
      <Table rowKey="seq" size="small" pagination={false} columns={columns} dataSource={results} />
    </div>
  );
}
