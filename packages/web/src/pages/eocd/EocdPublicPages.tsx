import { useQuery } from '@tanstack/react-query';
import { App, Card, Descriptions, Layout, Segmented, Spin, Table, Tag, Alert } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { eocdRun, getSharedEocdElevator, getSharedEocdRun, type PublicEocdRunMetrics } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { FeedbackBridge } from '../../app/FeedbackBridge';
import { InvalidShareLink } from '../workOrders/PublicWorkOrderView';
import { WaveformChart } from './WaveformChart';
import { waveformSeries, type Axis } from './waveform';

const METRICS = [
  'isoHorizontalPeakToPeak',
  'isoHorizontalA95',
  'isoVerticalPeakToPeak',
  'isoVerticalA95',
  'lowPassHorizontal',
  'lowPassVertical',
] as const;

/** A public page's frame: no main layout, no login; laid out for a phone or a desk alike. */
function Frame(props: { children: ReactNode }) {
  return (
    <App>
      <FeedbackBridge />
      <Layout style={{ minHeight: '100vh', padding: 12 }}>
        <div style={{ maxWidth: 960, margin: '0 auto', width: '100%' }}>{props.children}</div>
      </Layout>
    </App>
  );
}

/** The id and signature a link carries (`?run=7&sig=…&exp=…`); null when any part is missing. */
function useSignedLink(idKey: string) {
  const [search] = useSearchParams();
  const id = search.get(idKey);
  const sig = search.get('sig');
  const exp = search.get('exp');
  return id && sig && exp ? { id, sig, exp } : null;
}

const OverTag = ({ over }: { over: boolean }) => {
  const { t } = useTranslation();
  return <Tag color={over ? 'red' : 'green'}>{over ? t('eocd.over') : t('eocd.within')}</Tag>;
};

/**
 * /eocdOperate (console-shell.md §2.1, no login): one run behind a signed link (createEocdRunShareLink): its
 * metrics against the limits it was held to, and its waveform while the raw samples are kept.
 */
export function EocdOperatePage() {
  const link = useSignedLink('run');
  return <Frame>{link ? <SharedRun link={link} /> : <InvalidShareLink />}</Frame>;
}

function SharedRun({ link }: { link: { id: string; sig: string; exp: string } }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const [axis, setAxis] = useState<Axis>('x');
  const read = useQuery({
    queryKey: ['publicEocdRun', link.id, link.sig, link.exp],
    queryFn: () => client.call(getSharedEocdRun, { params: { id: link.id }, query: { sig: link.sig, exp: link.exp } }),
    retry: false,
    meta: { silent: true },
  });
  const run = read.data;
  const series = useMemo(
    () =>
      run?.samples
        ? waveformSeries({ ...run.samples, sampleRate: run.sampleRate, lowPassHz: run.lowPassHz ?? 10 }, axis, {
            raw: t('eocd.raw'),
            filtered: t('eocd.filtered', { hz: run.lowPassHz ?? 10 }),
          })
        : [],
    [run, axis, t],
  );
  if (read.isLoading) return <Spin />;
  if (!run) return <InvalidShareLink />;
  return (
    <Card
      title={`${run.elevatorName ?? ''} · ${run.runTime}`}
      extra={<OverTag over={run.overLimit} />}
      data-testid="shared-run"
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }} data-testid="shared-metrics">
        {METRICS.map((k) => (
          <Descriptions.Item key={k} label={eocdRun.fields[k].label[language]}>
            {`${run[k] ?? '-'}${run.limits ? ` / ${run.limits[k]}` : ''} m/s²`}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={eocdRun.fields.lowPassHz.label[language]}>{run.lowPassHz ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('eocd.linkExpires')}>{run.linkExpireTime}</Descriptions.Item>
      </Descriptions>
      <Segmented<Axis>
        value={axis}
        onChange={setAxis}
        options={[
          { value: 'x', label: t('eocd.axisX') },
          { value: 'y', label: t('eocd.axisY') },
          { value: 'z', label: t('eocd.axisZ') },
        ]}
      />
      {run.samples ? (
        <WaveformChart series={series} />
      ) : (
        <Alert type="info" title={t('eocd.samplesGone')} style={{ marginTop: 16 }} />
      )}
    </Card>
  );
}

/**
 * /eocdPrivate (console-shell.md §2.1, no login): an elevator's ride quality behind a signed link
 * (createEocdElevatorShareLink): its latest runs with their metrics.
 */
export function EocdPrivatePage() {
  const link = useSignedLink('elevator');
  return <Frame>{link ? <SharedElevator link={link} /> : <InvalidShareLink />}</Frame>;
}

function SharedElevator({ link }: { link: { id: string; sig: string; exp: string } }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const read = useQuery({
    queryKey: ['publicEocdElevator', link.id, link.sig, link.exp],
    queryFn: () =>
      client.call(getSharedEocdElevator, { params: { id: link.id }, query: { sig: link.sig, exp: link.exp } }),
    retry: false,
    meta: { silent: true },
  });
  if (read.isLoading) return <Spin />;
  const e = read.data;
  if (!e) return <InvalidShareLink />;
  return (
    <Card title={`${e.elevatorName ?? ''}${e.address ? ` · ${e.address}` : ''}`} data-testid="shared-elevator">
      <Table<PublicEocdRunMetrics>
        size="small"
        rowKey="runTime"
        pagination={false}
        scroll={{ x: true }}
        dataSource={e.runs}
        columns={[
          { key: 'runTime', dataIndex: 'runTime', title: eocdRun.fields.runTime.label[language] },
          ...METRICS.map((k) => ({ key: k, dataIndex: k, title: eocdRun.fields[k].label[language] })),
          {
            key: 'overLimit',
            title: eocdRun.fields.overLimit.label[language],
            render: (_: unknown, r: PublicEocdRunMetrics) => <OverTag over={r.overLimit} />,
          },
        ]}
      />
      <div style={{ marginTop: 12 }}>{`${t('eocd.linkExpires')}: ${e.linkExpireTime}`}</div>
    </Card>
  );
}
