import { applyFilter, base64ToBytes, digital, lowPassSections, REST_SECONDS, unpackBytes } from '@liftcloud/client';
import type { WaveformSeries } from './WaveformChart';

export type Axis = 'x' | 'y' | 'z';

/**
 * One axis of a run's raw samples (base64, as getEocdRunSamples and the public run page give them) and the same
 * through the run's low-pass filter (its 0.4 Hz high-pass takes gravity out), as the metrics were computed.
 */
export function waveformSeries(
  s: { sampleRate: number; scale: number; lowPassHz: number; samples: string },
  axis: Axis,
  names: { raw: string; filtered: string },
): WaveformSeries[] {
  const { sampleRate, scale, lowPassHz } = s;
  const axes = unpackBytes(base64ToBytes(s.samples) ?? new Uint8Array(), scale);
  const raw = axes[axis];
  const restCount = Math.round(REST_SECONDS * sampleRate);
  const filtered = applyFilter(raw, digital(lowPassSections(lowPassHz, sampleRate), sampleRate), restCount);
  const rest = raw.slice(0, restCount).reduce((a, b) => a + b, 0) / Math.max(1, restCount);
  return [
    { name: names.raw, color: '#9aa5b1', data: Array.from(raw, (v, i) => [i / sampleRate, v - rest]) },
    { name: names.filtered, color: '#d4380d', data: Array.from(filtered, (v, i) => [i / sampleRate, v]) },
  ];
}
