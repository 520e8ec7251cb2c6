import { useQuery } from '@tanstack/react-query';
import { Card, Layout, Result, Space, Table } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  REPORT_CHART_TYPES,
  downloadElevatorChartPdf,
  getElevatorReport,
  type ReportChartType,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { RecordMissing } from '../../components/RecordMissing';
import { PdfButton, PeriodSelect, reportLabel, useSeries } from './reportParts';

const StatsChart = lazy(() => import('../statistics/StatsChart'));

/**
 * /echartReport/{id}/{type}: one series (`type`: faults, alarms, trapped or powerCuts) of one elevator by month,
 * as a chart with its numbers below; the same content as its PDF.
 */
export default function EchartReportPage() {
  const { client, language } = useConsole();
  const params = useParams();
  const id = Number(params.id ?? 0);
  const type = params.type as ReportChartType;
  const [period, setPeriod] = useState(1);
  const all = useSeries();
  const series = useMemo(() => all.filter((s) => s.key === type), [all, type]);
  const valid = (REPORT_CHART_TYPES as readonly string[]).includes(type);
  const report = useQuery({
    queryKey: ['elevatorReport', id, period],
    queryFn: () => client.call(getElevatorReport, { params: { id }, query: { period } }),
    enabled: valid,
  });
  if (!valid) return <Result status="404" title={type} />;
  if (report.error) return <RecordMissing error={report.error} id={id} />;
  const r = report.data;
  const label = series[0]?.label ?? type;
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <div style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }} data-testid="chart-report">
        <Space style={{ marginBottom: 12 }}>
          <PeriodSelect value={period} onChange={setPeriod} />
          <PdfButton
            load={() => client.call(downloadElevatorChartPdf, { params: { id, type }, query: { period } })}
            fallbackName={`elevator-${id}-${type}.pdf`}
          />
        </Space>
        {r ? (
          <Card title={`${reportLabel(language, 'chartTitle')} · ${label} · ${r.elevator.name}`}>
            <div>
              {reportLabel(language, 'period')}: {r.from} – {r.to}
            </div>
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <StatsChart months={r.months} series={series} />
            </Suspense>
            <Table
              size="small"
              rowKey="month"
              pagination={false}
              dataSource={r.months}
              columns={[
                { key: 'month', dataIndex: 'month', title: reportLabel(language, 'months') },
                { key: type, dataIndex: type, title: label, align: 'right' },
              ]}
            />
          </Card>
        ) : null}
      </div>
    </Layout>
  );
}
