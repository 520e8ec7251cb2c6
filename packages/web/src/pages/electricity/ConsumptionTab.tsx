import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Select, Space, Table } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ELECTRICITY_LABELS,
  ELECTRICITY_MAX_METERS,
  exportElectricityStatistics,
  getElectricityStatistics,
  statisticsPeriod,
  type ElectricityRow,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { saveBlob } from '../../components/files/saveBlob';
import type { DailySeries } from './DailyChart';

const DailyChart = lazy(() => import('./DailyChart'));
/** The lifts drawn as their own series; the rest are summed into one. */
const CHART_SERIES = 8;

/** The single meter report's route for a row (console-shell.md 2.1). */
export const meterReportPath = (r: ElectricityRow) =>
  `/singleElectricityMeterReport/${r.elevatorId}/${encodeURIComponent(r.gwSn)}/${encodeURIComponent(r.useUnit ?? '-')}`;

/**
 * Consumption (/electricityMeter, index 856): the period, kWh per day of the lifts with meters as a chart, one row
 * per lift and meter with its total, and the whole as .xlsx (one row per lift, meter and day).
 */
export function ConsumptionTab() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const [period, setPeriod] = useState(1);
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][language];
  const stats = useQuery({
    queryKey: ['electricity', period],
    queryFn: () => client.call(getElectricityStatistics, { query: { period } }),
  });
  const download = useMutation({
    mutationFn: async () => {
      const file = await client.call(exportElectricityStatistics, { query: { period } });
      saveBlob(file.blob, file.fileName ?? 'electricity.xlsx');
    },
  });
  const data = stats.data;
  const series: DailySeries[] = useMemo(() => {
    if (!data) return [];
    const top = [...data.rows].sort((a, b) => b.total - a.total).slice(0, CHART_SERIES);
    const rest = data.rows.filter((r) => !top.includes(r));
    const out = top.map((r) => ({ label: `${r.elevatorName} ${r.gwSn}`, values: r.days }));
    if (rest.length)
      out.push({
        label: `+${rest.length}`,
        values: data.days.map((_, i) => Math.round(rest.reduce((s, r) => s + r.days[i]!, 0) * 1000) / 1000),
      });
    return out;
  }, [data]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="electricity-page">
      <Space wrap>
        <Select
          style={{ minWidth: 160 }}
          value={period}
          data-testid="electricity-period"
          options={statisticsPeriod.options.map((o) => ({ value: o.code, label: o.label[language] }))}
          onChange={setPeriod}
        />
        <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
          {t('registry.export')}
        </Button>
        {data && data.rows.length > 0 ? (
          // the meters shown, as one report (/multiElectricityMeterReport), the first 200
          <Link
            data-testid="electricity-multi-report"
            to={`/multiElectricityMeterReport/${data.rows
              .slice(0, ELECTRICITY_MAX_METERS)
              .map((r) => encodeURIComponent(r.gwSn))
              .join(',')}/${encodeURIComponent(`${L('multiTitle')} ${data.from} – ${data.to}`)}`}
          >
            {L('multiTitle')}
          </Link>
        ) : null}
        {data ? (
          <span data-testid="electricity-range">
            {data.from} – {data.to} · {L('totals')} {data.totals.total.toFixed(1)} kWh
          </span>
        ) : null}
      </Space>
      <Row gutter={12}>
        <Col xs={24} xl={12}>
          <Card size="small" title={L('byDay')}>
            {data ? (
              <Suspense fallback={<div style={{ height: 300 }} />}>
                <DailyChart days={data.days} series={series} />
              </Suspense>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Table<ElectricityRow>
            size="small"
            rowKey={(r) => `${r.elevatorId}-${r.gwSn}`}
            loading={stats.isLoading}
            dataSource={data?.rows ?? []}
            data-testid="electricity-table"
            locale={{ emptyText: L('noData') }}
            pagination={{ pageSize: 20 }}
            scroll={{ x: true }}
            columns={[
              {
                key: 'elevator',
                title: L('elevator'),
                dataIndex: 'elevatorName',
                // the lift's meter report (the same figures as a page and a PDF)
                render: (v: string, r) => <Link to={meterReportPath(r)}>{v}</Link>,
              },
              { key: 'useUnit', title: L('useUnit'), dataIndex: 'useUnit' },
              { key: 'gwSn', title: L('gwSn'), dataIndex: 'gwSn' },
              {
                key: 'total',
                title: L('total'),
                dataIndex: 'total',
                align: 'right',
                sorter: (a, b) => a.total - b.total,
                render: (v: number) => v.toFixed(1),
              },
              {
                key: 'mean',
                title: L('dailyMean'),
                align: 'right',
                dataIndex: 'dailyMean',
                render: (v: number) => v.toFixed(1),
              },
              { key: 'lastKwh', title: L('lastKwh'), dataIndex: 'lastKwh', align: 'right' },
              { key: 'resets', title: L('resets'), dataIndex: 'resets', align: 'right' },
            ]}
          />
        </Col>
      </Row>
    </Space>
  );
}
