import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Segmented, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { createEocdRunShareLink, eocdRun, getEocdRunSamples, ApiError } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { ShareLinkButton } from '../workOrders/ShareLinkButton';
import { WaveformChart, type WaveformSeries } from './WaveformChart';
import { waveformSeries, type Axis } from './waveform';
const METRICS = [
  'isoHorizontalPeakToPeak',
  'isoHorizontalA95',
  'isoVerticalPeakToPeak',
  'isoVerticalA95',
  'lowPassHorizontal',
  'lowPassVertical',
  'lowPassHz',
  'sampleRate',
  'sampleCount',
] as const;

/** One run's waveform (/eocdRun/{id}): an axis's raw samples and the same through the run's low-pass filter. */
export default function EocdRunPage() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const id = Number(useParams().runId);
  const [axis, setAxis] = useState<Axis>('x');
  const run = useQuery({ queryKey: [eocdRun.path, id], queryFn: () => client.entities.eocdRun.get(id) });
  const samples = useQuery({
    queryKey: [eocdRun.path, id, 'samples'],
    queryFn: () => client.call(getEocdRunSamples, { params: { id } }),
    retry: false,
  });
  const series = useMemo<WaveformSeries[]>(
    () =>
      samples.data
        ? waveformSeries(samples.data, axis, {
            raw: t('eocd.raw'),
            filtered: t('eocd.filtered', { hz: samples.data.lowPassHz }),
          })
        : [],
    [samples.data, axis, t],
  );
  const gone = samples.error instanceof ApiError && samples.error.status === 404;
  return (
    <Card
      title={`${eocdRun.label[language]} #${id}${run.data ? ` · ${String(run.data.elevatorName ?? '')} · ${run.data.runTime}` : ''}`}
      extra={
        // a signed link to this run's public page (/eocdOperate)
        <ShareLinkButton
          label={t('eocd.shareRun')}
          create={() => client.call(createEocdRunShareLink, { params: { id }, body: {} })}
        />
      }
    >
      {run.data ? (
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }} data-testid="run-metrics">
          {METRICS.map((k) => (
            <Descriptions.Item key={k} label={eocdRun.fields[k].label[language]}>
              {String(run.data[k] ?? '-')}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      <Segmented<Axis>
        value={axis}
        onChange={setAxis}
        options={[
          { value: 'x', label: t('eocd.axisX') },
          { value: 'y', label: t('eocd.axisY') },
          { value: 'z', label: t('eocd.axisZ') },
        ]}
        data-testid="axis"
      />
      {gone ? (
        <Alert type="info" title={t('eocd.samplesGone')} style={{ marginTop: 16 }} />
      ) : samples.error ? (
        <Alert type="error" title={samples.error.message} style={{ marginTop: 16 }} />
      ) : series.length ? (
        <WaveformChart series={series} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
