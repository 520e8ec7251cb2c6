import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Layout, Space } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router-dom';
import { downloadElevatorsReportPdf, getElevatorsReport } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { RecordMissing } from '../../components/RecordMissing';
import { PdfButton, PeriodSelect, ReportTable, ShareReportButton, reportLabel, useSeries } from './reportParts';

const StatsChart = lazy(() => import('../statistics/StatsChart'));

/**
 * /multiElevatorReport/{elevatorsIds}/{reportName}: the elevators named side by side (one statistics row each and
 * the totals), their months as a chart and their supervision counts; the same content as its PDF. "Share" mints
 * a signed link to the public fault report of the same lifts (/genGzReport).
 */
export default function MultiElevatorReportPage() {
  const { client, language } = useConsole();
  const params = useParams();
  const ids = params.elevatorsIds ?? '';
  const name = params.reportName ?? '';
  const [period, setPeriod] = useState(1);
  const series = useSeries();
  const query = { ids, period, ...(name ? { name } : {}) };
  const report = useQuery({
    queryKey: ['elevatorsReport', ids, name, period],
    queryFn: () => client.call(getElevatorsReport, { query }),
  });
  if (report.error) return <RecordMissing error={report.error} id={0} />;
  const r = report.data;
  const L = (k: Parameters<typeof reportLabel>[1]) => reportLabel(language, k);
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <div style={{ maxWidth: 1100, margin: '0 auto', width: '100%' }} data-testid="elevators-report">
        <Space style={{ marginBottom: 12 }} wrap align="start">
          <PeriodSelect value={period} onChange={setPeriod} />
          <PdfButton
            load={() => client.call(downloadElevatorsReportPdf, { query })}
            fallbackName="elevators-report.pdf"
          />
          <ShareReportButton body={{ kind: 'faults', ids, period, ...(name ? { name } : {}) }} />
        </Space>
        {r ? (
          <Card title={r.name || L('multiTitle')} loading={report.isFetching && !r}>
            <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
              <Descriptions.Item label={L('period')}>
                {r.from} – {r.to}
              </Descriptions.Item>
              <Descriptions.Item label={L('elevators')}>{r.rows.length}</Descriptions.Item>
              <Descriptions.Item label={L('records')}>{r.supervision.records}</Descriptions.Item>
              <Descriptions.Item label={L('abnormal')}>{r.supervision.abnormal}</Descriptions.Item>
              <Descriptions.Item label={L('toHandle')}>{r.supervision.toHandle}</Descriptions.Item>
            </Descriptions>
            <ReportTable rows={r.rows} totals={r.totals} />
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <StatsChart months={r.months} series={series} />
            </Suspense>
          </Card>
        ) : null}
      </div>
    </Layout>
  );
}
