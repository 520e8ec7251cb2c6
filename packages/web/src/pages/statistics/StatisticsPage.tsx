import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, InputNumber, Row, Segmented, Select, Space, Table } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  REPORT_LABELS,
  REPORT_MAX_ELEVATORS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  exportStatistics,
  getStatistics,
  offlineDuration,
  statisticsPeriod,
  type StatisticsQuery,
  type StatisticsRow,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { saveBlob } from '../../components/files/saveBlob';
import { CallStatisticsCard } from './CallStatisticsCard';
import { LiftCallStatisticsCard } from './LiftCallStatisticsCard';
import type { ChartSeries } from './StatsChart';

const StatsChart = lazy(() => import('./StatsChart'));

const GROUP_LABELS = {
  company: { 'zh-CN': '按公司', 'en-US': 'By company', 'it-Italy': 'Per azienda' },
  useUnit: { 'zh-CN': '按使用单位', 'en-US': 'By use unit', 'it-Italy': 'Per unità' },
  elevator: { 'zh-CN': '按电梯', 'en-US': 'By elevator', 'it-Italy': 'Per ascensore' },
} as const;

/**
 * Statistics (/aiManger, index 851): the period, the grouping and the offline duration filter; the months as a
 * chart and the rows as a table beside it; the table as .xlsx; then the call and call-elevator statistics.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const [query, setQuery] = useState<StatisticsQuery>({ period: 1, groupBy: 'elevator' });
  const stats = useQuery({
    queryKey: ['statistics', query],
    queryFn: () => client.call(getStatistics, { query }),
  });
  const download = useMutation({
    mutationFn: async () => {
      const file = await client.call(exportStatistics, { query });
      saveBlob(file.blob, file.fileName ?? 'statistics.xlsx');
    },
  });
  const series: ChartSeries[] = useMemo(
    () => [
      { key: 'faults', label: STATISTICS_LABELS.faults[language], color: '#faad14' },
      { key: 'alarms', label: STATISTICS_LABELS.alarms[language], color: '#ff4d4f' },
      { key: 'trapped', label: STATISTICS_LABELS.trapped[language], color: '#722ed1' },
      { key: 'powerCuts', label: STATISTICS_LABELS.powerCuts[language], color: '#1677ff' },
    ],
    [language],
  );
  const set = (patch: Partial<StatisticsQuery>) => setQuery((q) => ({ ...q, ...patch }));
  const data = stats.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="statistics-page">
      <Space wrap>
        <Select
          style={{ minWidth: 160 }}
          value={query.period}
          data-testid="statistics-period"
          options={statisticsPeriod.options.map((o) => ({ value: o.code, label: o.label[language] }))}
          onChange={(period: number) => set({ period })}
        />
        <Segmented
          value={query.groupBy ?? 'elevator'}
          options={(['company', 'useUnit', 'elevator'] as const).map((g) => ({
            value: g,
            label: GROUP_LABELS[g][language],
          }))}
          onChange={(groupBy) => set({ groupBy: groupBy as StatisticsQuery['groupBy'] })}
        />
        <Select
          allowClear
          style={{ minWidth: 200 }}
          placeholder={offlineDuration.options[0] ? `${STATISTICS_LABELS.powerCuts[language]}` : ''}
          value={query.offlineDuration}
          options={offlineDuration.options.map((o) => ({ value: o.code, label: o.label[language] }))}
          onChange={(v: number | undefined) => set({ offlineDuration: v })}
        />
        {query.offlineDuration === 4 ? (
          <>
            <InputNumber
              min={0}
              value={query.offlineMinMinutes}
              onChange={(v) => set({ offlineMinMinutes: v ?? undefined })}
            />
            <InputNumber
              min={0}
              value={query.offlineMaxMinutes}
              onChange={(v) => set({ offlineMaxMinutes: v ?? undefined })}
            />
          </>
        ) : null}
        <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
          {t('registry.export')}
        </Button>
        {data && (query.groupBy ?? 'elevator') === 'elevator' && data.rows.length > 0 ? (
          // the rows shown, as one report of several elevators (/multiElevatorReport), the first 200
          <Link
            data-testid="statistics-multi-report"
            to={`/multiElevatorReport/${data.rows
              .slice(0, REPORT_MAX_ELEVATORS)
              .map((r) => String(r.id))
              .join(',')}/${encodeURIComponent(`${REPORT_LABELS.multiTitle[language]} ${data.from} – ${data.to}`)}`}
          >
            {REPORT_LABELS.multiTitle[language]}
          </Link>
        ) : null}
        {data ? (
          <span data-testid="statistics-range">
            {data.from} – {data.to}
          </span>
        ) : null}
      </Space>
      <Row gutter={12}>
        <Col xs={24} xl={10}>
          <Card size="small">
            {data ? (
              <Suspense fallback={<div style={{ height: 300 }} />}>
                <StatsChart months={data.months} series={series} />
              </Suspense>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Table<StatisticsRow>
            size="small"
            rowKey={(r) => String(r.id)}
            loading={stats.isLoading}
            dataSource={data?.rows ?? []}
            data-testid="statistics-table"
            pagination={{ pageSize: 20 }}
            scroll={{ x: true }}
            columns={STATISTICS_COLUMNS.map((c) => ({
              key: c,
              dataIndex: c,
              title: STATISTICS_LABELS[c][language],
              // an elevator's name opens its report (the same figures as a page and a PDF)
              ...(c === 'name' && (query.groupBy ?? 'elevator') === 'elevator'
                ? {
                    render: (v: string, r: StatisticsRow) => (
                      <Link to={`/singleElevatorReport/${String(r.id)}`}>{v}</Link>
                    ),
                  }
                : {}),
            }))}
            summary={() =>
              data ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{STATISTICS_LABELS.total[language]}</Table.Summary.Cell>
                  {STATISTICS_COLUMNS.slice(1).map((c, i) => (
                    <Table.Summary.Cell key={c} index={i + 1}>
                      {String(data.totals[c as keyof typeof data.totals] ?? '')}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              ) : null
            }
          />
        </Col>
      </Row>
      <CallStatisticsCard query={query} />
      <LiftCallStatisticsCard query={query} />
    </Space>
  );
}
