import { useQuery } from '@tanstack/react-query';
import { Card, Layout, Space, Table } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ELECTRICITY_LABELS,
  downloadElectricityMetersReportPdf,
  getElectricityMetersReport,
  type ElectricityRow,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { meterReportPath } from './ConsumptionTab';
import { PdfButton, PeriodSelect } from '../reports/reportParts';
import type { DailySeries } from './DailyChart';

const DailyChart = lazy(() => import('./DailyChart'));

/**
 * /multiElectricityMeterReport/{gwSnSet}/{reportName}: the meters named (comma-joined codes), a row each with its
 * total, the totals per day as a chart; the report name is the title, on screen and in the PDF.
 */
export default function MultiMeterReportPage() {
  const { client, language } = useConsole();
  const params = useParams();
  const gwSns = params.gwSnSet ?? '';
  const name = params.reportName ?? '';
  const [period, setPeriod] = useState(1);
  const query = { period, gwSns, name };
  const report = useQuery({
    queryKey: ['electricityMetersReport', query],
    queryFn: () => client.call(getElectricityMetersReport, { query }),
  });
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][language];
  const r = report.data;
  const series: DailySeries[] = useMemo(
    () => (r ? [{ label: ELECTRICITY_LABELS.kwh[language], values: r.totals.days, color: '#1677ff' }] : []),
    [r, language],
  );
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <div style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }} data-testid="meters-report">
        <Space style={{ marginBottom: 12 }}>
          <PeriodSelect value={period} onChange={setPeriod} />
          <PdfButton
            load={() => client.call(downloadElectricityMetersReportPdf, { query })}
            fallbackName={'electricity.pdf'}
          />
        </Space>
        {report.error ? <Card>{String((report.error as Error).message)}</Card> : null}
        {r ? (
          <Card title={r.name || L('multiTitle')}>
            <div style={{ marginBottom: 8 }}>
              {L('period')}: {r.from} – {r.to}
            </div>
            <Table<ElectricityRow>
              size="small"
              rowKey={(row) => `${row.elevatorId}-${row.gwSn}`}
              pagination={false}
              dataSource={r.rows}
              locale={{ emptyText: L('noData') }}
              data-testid="meters-report-table"
              columns={[
                {
                  key: 'elevator',
                  title: L('elevator'),
                  dataIndex: 'elevatorName',
                  render: (v: string, row) => <Link to={meterReportPath(row)}>{v}</Link>,
                },
                { key: 'useUnit', title: L('useUnit'), dataIndex: 'useUnit' },
                { key: 'gwSn', title: L('gwSn'), dataIndex: 'gwSn' },
                {
                  key: 'total',
                  title: L('total'),
                  dataIndex: 'total',
                  align: 'right',
                  render: (v: number) => v.toFixed(1),
                },
                {
                  key: 'mean',
                  title: L('dailyMean'),
                  align: 'right',
                  dataIndex: 'dailyMean',
                  render: (v: number) => v.toFixed(1),
                },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={3}>
                    {L('totals')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <span data-testid="meters-report-total">{r.totals.total.toFixed(1)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {r.totals.dailyMean.toFixed(1)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <DailyChart days={r.days} series={series} />
            </Suspense>
          </Card>
        ) : null}
      </div>
    </Layout>
  );
}
