import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Table } from 'antd';
import {
  CALL_STATISTICS_LABELS,
  STATISTICS_LABELS,
  getCallStatistics,
  type CallStatistics,
  type CallStatisticsRow,
  type StatisticsQuery,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

const FIGURES = ['calls', 'answered', 'unanswered', 'totalSeconds', 'meanSeconds'] as const;

/** Call statistics beside the others on /aiManger: the same period and grouping, and who called most. */
export function CallStatisticsCard(props: { query: Pick<StatisticsQuery, 'period' | 'groupBy'> }) {
  const { client, language } = useConsole();
  const query = { period: props.query.period, groupBy: props.query.groupBy };
  const calls = useQuery({
    queryKey: ['callStatistics', query],
    queryFn: () => client.call(getCallStatistics, { query }),
  });
  const L = (k: keyof typeof CALL_STATISTICS_LABELS) => CALL_STATISTICS_LABELS[k][language];
  const cell = (v: unknown) => (v === null || v === undefined ? '–' : String(v));
  const data = calls.data;
  return (
    <Card size="small" title={L('title')} data-testid="call-statistics">
      <Row gutter={12}>
        <Col xs={24} xl={14}>
          <Table<CallStatisticsRow>
            size="small"
            rowKey={(r) => String(r.id)}
            loading={calls.isLoading}
            dataSource={data?.rows ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { key: 'name', dataIndex: 'name', title: STATISTICS_LABELS.name[language] },
              ...FIGURES.map((k) => ({ key: k, dataIndex: k, title: L(k), render: cell })),
            ]}
            summary={() =>
              data ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{STATISTICS_LABELS.total[language]}</Table.Summary.Cell>
                  {FIGURES.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1}>
                      {cell(data.totals[k])}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ) : null
            }
          />
        </Col>
        <Col xs={24} xl={10}>
          <Table<CallStatistics['callers'][number]>
            size="small"
            title={() => L('callers')}
            rowKey={(r) => `${r.originator ?? ''}|${r.phone ?? ''}`}
            loading={calls.isLoading}
            dataSource={data?.callers ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { key: 'originator', dataIndex: 'originator', title: L('originator'), render: cell },
              { key: 'phone', dataIndex: 'phone', title: L('phone'), render: cell },
              { key: 'calls', dataIndex: 'calls', title: L('calls') },
              { key: 'answered', dataIndex: 'answered', title: L('answered') },
              { key: 'lastCallTime', dataIndex: 'lastCallTime', title: L('lastCallTime') },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
