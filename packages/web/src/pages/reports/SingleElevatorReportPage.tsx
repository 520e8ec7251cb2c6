import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Layout, Space } from 'antd';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  REPORT_LABELS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  downloadElevatorReportPdf,
  getElevatorReport,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { RecordMissing } from '../../components/RecordMissing';
import type { ChartSeries } from '../statistics/StatsChart';
import { PdfButton, PeriodSelect, ShareReportButton } from './reportParts';

const StatsChart = lazy(() => import('../statistics/StatsChart'));

/**
 * /singleElevatorReport/{id}: one elevator's report on screen (figures, months as a chart, supervision), the
 * same content as its PDF, which the button downloads in the reader's language.
 */
export default function SingleElevatorReportPage() {
  const { client, language } = useConsole();
  const id = Number(useParams().id ?? 0);
  const [period, setPeriod] = useState(1);
  const report = useQuery({
    queryKey: ['elevatorReport', id, period],
    queryFn: () => client.call(getElevatorReport, { params: { id }, query: { period } }),
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
  if (report.error) return <RecordMissing error={report.error} id={id} />;
  const r = report.data;
  const L = (k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][language];
  return (
    <Layout style={{ minHeight: '100vh', padding: 12 }}>
      <div style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }} data-testid="elevator-report">
        <Space style={{ marginBottom: 12 }}>
          <PeriodSelect value={period} onChange={setPeriod} />
          <PdfButton
            load={() => client.call(downloadElevatorReportPdf, { params: { id }, query: { period } })}
            fallbackName={`elevator-${id}.pdf`}
          />
          <ShareReportButton body={{ kind: 'monitor', ids: String(id), period }} />
        </Space>
        {r ? (
          <Card title={`${L('title')} · ${r.elevator.name}`}>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={L('no')}>{r.elevator.no}</Descriptions.Item>
              <Descriptions.Item label={L('useUnit')}>{r.elevator.useUnit}</Descriptions.Item>
              <Descriptions.Item label={L('period')}>
                {r.from} – {r.to}
              </Descriptions.Item>
              {STATISTICS_COLUMNS.slice(1).map((k) => (
                <Descriptions.Item key={k} label={STATISTICS_LABELS[k][language]}>
                  {String(r.figures[k as keyof typeof r.figures] ?? '–')}
                </Descriptions.Item>
              ))}
              <Descriptions.Item label={L('records')}>{r.supervision.records}</Descriptions.Item>
              <Descriptions.Item label={L('abnormal')}>{r.supervision.abnormal}</Descriptions.Item>
              <Descriptions.Item label={L('toHandle')}>{r.supervision.toHandle}</Descriptions.Item>
            </Descriptions>
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <StatsChart months={r.months} series={series} />
            </Suspense>
            {/* each series alone, drawn large (/echartReport) */}
            <Space wrap>
              {series.map((s) => (
                <Link key={s.key} to={`/echartReport/${id}/${s.key}`} data-testid={`report-chart-${s.key}`}>
                  {L('chartTitle')} · {s.label}
                </Link>
              ))}
            </Space>
          </Card>
        ) : null}
      </div>
    </Layout>
  );
}
