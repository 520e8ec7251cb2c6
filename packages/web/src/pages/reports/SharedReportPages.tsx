import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Layout, Result, Space, Table } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  ApiError,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  alarmType,
  downloadSharedReportPdf,
  enumLabel,
  getSharedFaultReport,
  getSharedMonitorReport,
  type MonitorReport,
  type SharedReportLink,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { saveBlob } from '../../components/files/saveBlob';
import { InvalidShareLink } from '../workOrders/PublicWorkOrderView';
import { PdfButton, ReportTable, reportLabel, useSeries } from './reportParts';

const StatsChart = lazy(() => import('../statistics/StatsChart'));

/** The signed link in the page's address: the query string the server minted (services: report links). */
function useLink(extra: Partial<SharedReportLink> = {}): SharedReportLink {
  const [search] = useSearchParams();
  const link: SharedReportLink = {};
  for (const k of ['kind', 'ids', 'p', 'name', 't', 'sig', 'exp'] as const) {
    const v = search.get(k);
    if (v !== null) link[k] = v;
  }
  return { ...link, ...extra };
}

/** A flawed link shows only that it is invalid; any other failure says what it is. */
function LinkFailure(props: { error: unknown }) {
  if (props.error instanceof ApiError && props.error.status === 404) return <InvalidShareLink />;
  return (
    <Card data-testid="shared-report-error">
      <Result status="error" title={(props.error as Error).message} />
    </Card>
  );
}

const Page = (props: { children: ReactNode; testId: string }) => (
  <Layout style={{ minHeight: '100vh', padding: 12 }}>
    <div style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }} data-testid={props.testId}>
      {props.children}
    </div>
  </Layout>
);

const eventText = (e: MonitorReport['recent'][number], language: Parameters<typeof reportLabel>[0]) =>
  e.kind === 'fault'
    ? `${reportLabel(language, 'fault')} ${e.code}`
    : `${reportLabel(language, 'alarm')} ${enumLabel(alarmType, Number(e.code), language)}`;

/**
 * /monitorReport/{id}?…&sig=&exp= (public): one lift's report and its latest faults and alarms, opened through a
 * signed link without a login; the PDF button downloads the same through the same signature.
 */
export function MonitorReportPage() {
  const { client, language } = useConsole();
  const id = useParams().id ?? '';
  const link = useLink();
  const series = useSeries();
  // the path's id must be the one signed: a link whose path was edited opens nothing
  const valid = link.ids === id;
  const read = useQuery({
    queryKey: ['sharedMonitorReport', link],
    queryFn: () => client.call(getSharedMonitorReport, { query: link }),
    enabled: valid,
    meta: { silent: true },
  });
  if (!valid)
    return (
      <Page testId="monitor-report">
        <InvalidShareLink />
      </Page>
    );
  if (read.error)
    return (
      <Page testId="monitor-report">
        <LinkFailure error={read.error} />
      </Page>
    );
  const m = read.data;
  const L = (k: Parameters<typeof reportLabel>[1]) => reportLabel(language, k);
  return (
    <Page testId="monitor-report">
      <Space style={{ marginBottom: 12 }}>
        <PdfButton
          load={() => client.call(downloadSharedReportPdf, { query: { ...link, kind: 'monitor' } })}
          fallbackName={`monitor-${id}.pdf`}
        />
      </Space>
      <Card title={L('monitorTitle')} loading={read.isLoading}>
        {m ? (
          <>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={L('elevator')}>{m.report.elevator.name}</Descriptions.Item>
              <Descriptions.Item label={L('no')}>{m.report.elevator.no}</Descriptions.Item>
              <Descriptions.Item label={L('useUnit')}>{m.report.elevator.useUnit}</Descriptions.Item>
              <Descriptions.Item label={L('period')}>
                {m.report.from} – {m.report.to}
              </Descriptions.Item>
              {STATISTICS_COLUMNS.slice(1).map((k) => (
                <Descriptions.Item key={k} label={STATISTICS_LABELS[k][language]}>
                  {String(m.report.figures[k as keyof typeof m.report.figures] ?? '–')}
                </Descriptions.Item>
              ))}
              <Descriptions.Item label={L('records')}>{m.report.supervision.records}</Descriptions.Item>
              <Descriptions.Item label={L('abnormal')}>{m.report.supervision.abnormal}</Descriptions.Item>
              <Descriptions.Item label={L('toHandle')}>{m.report.supervision.toHandle}</Descriptions.Item>
            </Descriptions>
            <Suspense fallback={<div style={{ height: 300 }} />}>
              <StatsChart months={m.report.months} series={series} />
            </Suspense>
            <h3>{L('recent')}</h3>
            <Table
              size="small"
              pagination={false}
              data-testid="monitor-recent"
              rowKey={(e) => `${e.kind}-${e.time}-${e.code}`}
              dataSource={m.recent}
              columns={[
                { key: 'time', dataIndex: 'time', title: L('time') },
                { key: 'event', title: L('event'), render: (_: unknown, e) => eventText(e, language) },
                { key: 'floor', dataIndex: 'floor', title: L('floor'), align: 'right' },
              ]}
            />
            <div style={{ color: '#888', marginTop: 8 }}>
              {L('linkValid')}: {m.linkExpireTime}
            </div>
          </>
        ) : null}
      </Card>
    </Page>
  );
}

/** /genGzReport?…&sig=&exp= (public): the fault report (故障报告) of the lifts a signed link names. */
export function FaultReportPage() {
  const { client, language } = useConsole();
  const link = useLink();
  const read = useQuery({
    queryKey: ['sharedFaultReport', link],
    queryFn: () => client.call(getSharedFaultReport, { query: link }),
    meta: { silent: true },
  });
  if (read.error)
    return (
      <Page testId="fault-report">
        <LinkFailure error={read.error} />
      </Page>
    );
  const r = read.data;
  const L = (k: Parameters<typeof reportLabel>[1]) => reportLabel(language, k);
  return (
    <Page testId="fault-report">
      <Space style={{ marginBottom: 12 }}>
        <PdfButton
          load={() => client.call(downloadSharedReportPdf, { query: { ...link, kind: 'faults' } })}
          fallbackName="faults.pdf"
        />
      </Space>
      <Card title={r?.name || L('faultTitle')} loading={read.isLoading}>
        {r ? (
          <>
            <div>
              {L('period')}: {r.from} – {r.to}
            </div>
            <ReportTable rows={r.rows} columns={['name', 'faults', 'alarms', 'trapped']} />
            <h3>{L('faultList')}</h3>
            <Table
              size="small"
              data-testid="fault-list"
              rowKey={(f) => `${f.time}-${f.elevatorName}-${f.faultNo}`}
              dataSource={r.faults}
              pagination={{ pageSize: 50 }}
              columns={[
                { key: 'time', dataIndex: 'time', title: L('time') },
                { key: 'elevatorName', dataIndex: 'elevatorName', title: L('elevator') },
                { key: 'faultNo', dataIndex: 'faultNo', title: L('faultCode') },
                { key: 'floor', dataIndex: 'floor', title: L('floor'), align: 'right' },
              ]}
            />
            {r.notListed > 0 ? <div>{L('more').replace('{n}', String(r.notListed))}</div> : null}
            <div style={{ color: '#888', marginTop: 8 }}>
              {L('linkValid')}: {r.linkExpireTime}
            </div>
          </>
        ) : null}
      </Card>
    </Page>
  );
}

/**
 * /pdf?kind=…&…&sig=&exp= (public): the PDF of the report a signed link opens, shown in the page's PDF viewer
 * and offered as a download.
 */
export function SharedPdfPage() {
  const { client } = useConsole();
  const link = useLink();
  const [url, setUrl] = useState<string | null>(null);
  const file = useQuery({
    queryKey: ['sharedReportPdf', link],
    queryFn: () => client.call(downloadSharedReportPdf, { query: link }),
    meta: { silent: true },
  });
  const blob = file.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  const name = useMemo(() => file.data?.fileName ?? 'report.pdf', [file.data]);
  const save = useMutation({ mutationFn: async () => blob && saveBlob(blob, name) });
  if (file.error)
    return (
      <Page testId="shared-pdf">
        <LinkFailure error={file.error} />
      </Page>
    );
  return (
    <Page testId="shared-pdf">
      <Card loading={file.isLoading}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button onClick={() => save.mutate()} disabled={!blob} data-testid="shared-pdf-download">
            PDF · {name}
          </Button>
          {url ? <iframe title={name} src={url} style={{ width: '100%', height: '80vh', border: 0 }} /> : null}
        </Space>
      </Card>
    </Page>
  );
}
