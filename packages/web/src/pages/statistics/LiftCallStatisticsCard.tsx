import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Table } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import {
  LIFT_CALL_LABELS,
  STATISTICS_LABELS,
  enumLabel,
  exportLiftCallStatistics,
  getLiftCallStatistics,
  liftCallFloors,
  liftCallOperation,
  type LiftCallStatisticsRow,
  type LiftCallUsage,
  type StatisticsQuery,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { saveBlob } from '../../components/files/saveBlob';
import type { ChartSeries } from './StatsChart';

const StatsChart = lazy(() => import('./StatsChart'));

const FIGURES = ['calls', 'hallCalls', 'carCalls', 'destinationCalls', 'people'] as const;
type Operation = 'hallCalls' | 'carCalls' | 'destinationCalls';

/**
 * Call-elevator statistics on /aiManger (domain.md §3): the same period and grouping as the others, the calls by
 * operation type per month as a chart, the rows beside it, and who called between which floors, as .xlsx too.
 */
export function LiftCallStatisticsCard(props: { query: Pick<StatisticsQuery, 'period' | 'groupBy'> }) {
  const { client, language } = useConsole();
  const query = { period: props.query.period, groupBy: props.query.groupBy };
  const read = useQuery({
    queryKey: ['liftCallStatistics', query],
    queryFn: () => client.call(getLiftCallStatistics, { query }),
  });
  const download = useMutation({
    mutationFn: async () => {
      const file = await client.call(exportLiftCallStatistics, { query });
      saveBlob(file.blob, file.fileName ?? 'lift-calls.xlsx');
    },
  });
  const L = (k: keyof typeof LIFT_CALL_LABELS) => LIFT_CALL_LABELS[k][language];
  const series: ChartSeries<Operation>[] = useMemo(
    () => [
      { key: 'hallCalls', label: LIFT_CALL_LABELS.hallCalls[language], color: '#1677ff' },
      { key: 'carCalls', label: LIFT_CALL_LABELS.carCalls[language], color: '#52c41a' },
      { key: 'destinationCalls', label: LIFT_CALL_LABELS.destinationCalls[language], color: '#fa8c16' },
    ],
    [language],
  );
  const data = read.data;
  return (
    <Card
      size="small"
      title={L('title')}
      data-testid="lift-call-statistics"
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() => download.mutate()}
          data-testid="lift-call-export"
        >
          xlsx
        </Button>
      }
    >
      <Row gutter={12}>
        <Col xs={24} xl={10}>
          {data ? (
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <StatsChart months={data.months} series={series} />
            </Suspense>
          ) : null}
        </Col>
        <Col xs={24} xl={14}>
          <Table<LiftCallStatisticsRow>
            size="small"
            rowKey={(r) => String(r.id)}
            loading={read.isLoading}
            dataSource={data?.rows ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { key: 'name', dataIndex: 'name', title: STATISTICS_LABELS.name[language] },
              ...FIGURES.map((k) => ({ key: k, dataIndex: k, title: L(k), align: 'right' as const })),
            ]}
            summary={() =>
              data ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{STATISTICS_LABELS.total[language]}</Table.Summary.Cell>
                  {FIGURES.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      {data.totals[k]}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ) : null
            }
          />
        </Col>
      </Row>
      <Table<LiftCallUsage>
        size="small"
        title={() => L('usage')}
        data-testid="lift-call-usage"
        rowKey={(u) => `${u.username}|${u.mobile}|${u.startFloor}|${u.endFloor}|${u.operationType}`}
        loading={read.isLoading}
        dataSource={data?.usage ?? []}
        pagination={{ pageSize: 10 }}
        columns={[
          { key: 'username', dataIndex: 'username', title: L('username'), render: (v: string | null) => v ?? '–' },
          { key: 'mobile', dataIndex: 'mobile', title: L('mobile'), render: (v: string | null) => v ?? '–' },
          { key: 'floors', title: L('floors'), render: (_: unknown, u) => liftCallFloors(u) },
          {
            key: 'operationType',
            title: L('operationType'),
            render: (_: unknown, u) => enumLabel(liftCallOperation, u.operationType, language),
          },
          { key: 'calls', dataIndex: 'calls', title: L('calls'), align: 'right' },
          { key: 'lastCallTime', dataIndex: 'lastCallTime', title: L('lastCallTime') },
        ]}
      />
    </Card>
  );
}
