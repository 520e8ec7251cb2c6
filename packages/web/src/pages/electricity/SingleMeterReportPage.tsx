import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Layout, Space, Table } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ELECTRICITY_LABELS, downloadElectricityMeterReportPdf, getElectricityMeterReport } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { RecordMissing } from '../../components/RecordMissing';
import { PdfButton, PeriodSelect } from '../reports/reportParts';
import type { DailySeries } from './DailyChart';

const DailyChart = lazy(() => import('./DailyChart'));

/**
 * /singleElectricityMeterReport/{id}/{meterGatewayCode}/{useUnit}: one lift's meter over a period on screen (its
 * figures, the days as a chart and a table), the same content as its PDF in the reader's language.
 */
export default function SingleMeterReportPage() {
  const { client, language } = useConsole();
  const params = useParams();
  const id = Number(params.id ?? 0);
  const meterGatewayCode = params.meterGatewayCode ?? '';
  const useUnit = params.useUnit && params.useUnit !== '-' ? params.useUnit : undefined;
  const [period, setPeriod] = useState(1);
  const query = { period, ...(useUnit ? { useUnit } : {}) };
  const report = useQuery({
    queryKey: ['electricityMeterReport', id, meterGatewayCode, query],
    queryFn: () => client.call(getElectricityMeterReport, { params: { id, meterGatewayCode }, query }),
  });
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][language];
  const r = report.data;
  const series: DailySeries[] = useMemo(
    () => (r ? [{ label: ELECTRICITY_LABELS.kwh[language], values: r.row.days, color: '#1677ff' }] : []),
    [r, language],
  );
  if (report.error) return <RecordMissing error={report.error} id={id} />;
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <div style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }} data-testid="meter-report">
        <Space style={{ marginBottom: 12 }}>
          <PeriodSelect value={period} onChange={setPeriod} />
          <PdfButton
            load={() => client.call(downloadElectricityMeterReportPdf, { params: { id, meterGatewayCode }, query })}
            fallbackName={`electricity-${id}.pdf`}
          />
        </Space>
        {r ? (
          <Card title={`${L('title')} · ${r.row.elevatorName}`}>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={L('no')}>{r.row.elevatorNo}</Descriptions.Item>
              <Descriptions.Item label={L('useUnit')}>{r.useUnit}</Descriptions.Item>
              <Descriptions.Item label={L('period')}>
                {r.from} – {r.to}
              </Descriptions.Item>
              <Descriptions.Item label={L('gwSn')}>{r.row.gwSn}</Descriptions.Item>
              <Descriptions.Item label={L('meterName')}>{r.row.meterName}</Descriptions.Item>
              <Descriptions.Item label={L('total')}>
                <span data-testid="meter-report-total">{r.row.total.toFixed(1)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={L('dailyMean')}>{r.row.dailyMean.toFixed(1)}</Descriptions.Item>
              <Descriptions.Item label={L('lastKwh')}>{r.row.lastKwh ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={L('lastReadTime')}>{r.row.lastReadTime ?? '–'}</Descriptions.Item>
              <Descriptions.Item label={L('readings')}>{r.row.readings}</Descriptions.Item>
              <Descriptions.Item label={L('resets')}>{r.row.resets}</Descriptions.Item>
            </Descriptions>
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <DailyChart days={r.days} series={series} />
            </Suspense>
            <Table
              size="small"
              rowKey="day"
              pagination={{ pageSize: 31 }}
              dataSource={r.days.map((day, i) => ({ day, kwh: r.row.days[i]! }))}
              columns={[
                { key: 'day', title: L('day'), dataIndex: 'day' },
                {
                  key: 'kwh',
                  title: L('kwh'),
                  dataIndex: 'kwh',
                  align: 'right',
                  render: (v: number) => v.toFixed(1),
                },
              ]}
            />
          </Card>
        ) : null}
      </div>
    </Layout>
  );
}
