/**
 * The metrics of one run (ISO 18738-1), as metrics.ts defines them (its realised cascades, applyFilter and
 * peakToPeak), computed in fused passes.
 *
 * An axis's two readings share their first stage (the 0.4 Hz band-limiting high-pass) and, at rates that carry the
 * 100 Hz band limit, the sum that feeds the two low-pass stages after it; x, y and z each run through one loop that
 * writes the two readings into reused buffers, and the half-cycle peaks are read from those afterwards in tight
 * scans (the loops: fused-passes.ts). The arithmetic is the definition's, in the same order (a unit test compares
 * them bit for bit). Other cascade shapes (rates of 200 Hz and less, a cut-off at or above half the rate) are
 * computed by the definition's functions directly.
 */
import {
  REST_SECONDS,
  applyFilter,
  butterworthLowPass,
  digital,
  lowPassSections,
  peakToPeak,
  realise,
  restValue,
  selectKth,
  weightingSections,
} from './metrics.js';
import type { Biquad, Realised, Stage } from './metrics.js';
import { axisPass, horizontalPass, scanMaxPair, scanPeaks, speeds } from './fused-passes.js';
import { loadRun, type LaneRun } from './lane-passes.js';

/** The metrics of one axis: ISO weighted peak-to-peak (max, A95) and the low-pass maximum peak-to-peak. */
export interface AxisMetrics {
  isoPeakToPeak: number;
  isoA95: number;
  lowPassPeakToPeak: number;
}

/** A run's metrics per axis and as the thresholds compare them (horizontal: the larger of x and y). */
export interface RunMetrics {
  x: AxisMetrics;
  y: AxisMetrics;
  z: AxisMetrics;
  horizontal: AxisMetrics;
  vertical: AxisMetrics;
  lowPassHz: number;
  /** The evaluated part, [start, end) sample indexes (evaluationWindow). */
  window: [number, number];
}

/**
 * An axis's cascades as the fused pass runs them: the shared high-pass (a1, a2), the two low-pass stages after it
 * (band limit a1, a2; the low-pass reading's a1, a2), then the ISO reading's general stages (b0, b1, b2, a1, a2
 * each, the gains before them multiplied in); and the low-pass reading's output gain.
 */
export interface FusedCascade {
  coefficients: Float64Array;
  lowPassGain: number;
}

/** The filters of one run, made once per sample rate and cut-off (the bench reuses them). */
export interface RunFilters {
  sampleRate: number;
  lowPassHz: number;
  wd: Biquad[];
  wk: Biquad[];
  lowPass: Biquad[];
  /** Wd and the low-pass (x, y), Wk and the low-pass (z), as the fused passes run them; null: another shape. */
  horizontal: FusedCascade | null;
  vertical: FusedCascade | null;
}

const shapes = (r: Realised) => r.stages.map((s) => s.shape).join(' ');
const sameFeedback = (a: Stage, b: Stage) => a.a1 === b.a1 && a.a2 === b.a2;

/** The fused form of an ISO cascade (high-pass, band-limit low-pass, `general` general stages) and the low-pass. */
function fused(iso: Biquad[], lowPass: Biquad[], general: number): FusedCascade | null {
  const r = realise(iso);
  const low = realise(lowPass);
  const want = ['highPass', 'lowPass', ...Array<string>(general).fill('general')].join(' ');
  if (shapes(r) !== want || shapes(low) !== 'highPass lowPass' || r.gain !== 1) return null;
  const [head, band, ...rest] = r.stages;
  if (!sameFeedback(head!, low.stages[0]!)) return null;
  const lp = low.stages[1]!;
  const k = [head!.a1, head!.a2, band!.a1, band!.a2, lp.a1, lp.a2];
  for (const g of rest) k.push(g.b0, g.b1, g.b2, g.a1, g.a2);
  return { coefficients: Float64Array.from(k), lowPassGain: low.gain };
}

export function runFilters(sampleRate: number, lowPassHz: number): RunFilters {
  const wd = digital(weightingSections('Wd', sampleRate), sampleRate);
  const wk = digital(weightingSections('Wk', sampleRate), sampleRate);
  const lowPass = digital(lowPassSections(lowPassHz, sampleRate), sampleRate);
  return { sampleRate, lowPassHz, wd, wk, lowPass, horizontal: fused(wd, lowPass, 1), vertical: fused(wk, lowPass, 2) };
}

/** Below this top speed (m/s) the car did not travel: the whole record is evaluated. */
export const MIN_TRAVEL_SPEED = 0.05;
/** The constant-speed part of a run: where the speed is at least this share of its top speed. */
export const CONSTANT_SPEED_SHARE = 0.95;
/** Left out at each end of the constant-speed part, where it is long enough (see evaluationWindow). */
export const SETTLE_SECONDS = 1;
const restSamples = (sampleRate: number) => Math.round(REST_SECONDS * sampleRate);

/** Buffers reused by every run (speeds, filtered readings, peaks): grown, never shrunk. */
let buffers: Float64Array[] = [];
function buffersOf(n: number): Float64Array[] {
  if (!buffers[0] || buffers[0].length < n) buffers = Array.from({ length: 3 }, () => new Float64Array(n));
  return buffers;
}
/** The window's low-pass (a1, a2, its gain) and the sample rate, per sample rate. */
const speedFilters = new Map<number, Float64Array>();
function speedFilter(sampleRate: number): Float64Array {
  let k = speedFilters.get(sampleRate);
  if (!k) {
    const { stages, gain } = realise(digital([butterworthLowPass(Math.min(10, sampleRate / 4))], sampleRate));
    k = Float64Array.of(stages[0]!.a1, stages[0]!.a2, gain, sampleRate);
    speedFilters.set(sampleRate, k);
  }
  return k;
}

/**
 * The part of a run whose vibration is evaluated (ISO 18738-1: between the boundaries of constant speed), as
 * [start, end) sample indexes: the speed is the vertical acceleration (its rest value taken away, 10 Hz low-pass,
 * realised as applyFilter does) integrated; the part where it is at least CONSTANT_SPEED_SHARE of its top. A record
 * where the car did not travel (top speed under MIN_TRAVEL_SPEED) is evaluated whole.
 */
export function evaluationWindow(z: ArrayLike<number>, sampleRate: number): [number, number] {
  const n = z.length;
  const speed = buffersOf(n)[0]!;
  const top = speeds(z, restValue(z, restSamples(sampleRate)), speedFilter(sampleRate), n, speed);
  return windowOfSpeeds(speed, n, top, sampleRate);
}

/** evaluationWindow from the speeds of a record's n samples and their top. */
function windowOfSpeeds(speed: Float64Array, n: number, top: number, sampleRate: number): [number, number] {
  if (top < MIN_TRAVEL_SPEED) return [0, n];
  const floor = CONSTANT_SPEED_SHARE * top;
  let start = 0;
  while (start < n && speed[start]! < floor) start++;
  let end = n;
  while (end > start && speed[end - 1]! < floor) end--;
  // the filters' answer to the ride's own acceleration dies out in about a second: leave it out where the
  // constant-speed part is long enough to keep something
  const settle = Math.round(SETTLE_SECONDS * sampleRate);
  if (end - start > 4 * settle) return [start + settle, end - settle];
  return [start, end];
}

/** An axis's ISO max and A95 from its `count` peaks: the adjacent pairs' sums in place of the peaks. */
function isoMetrics(peaks: Float64Array, count: number, lowPassPeakToPeak: number): AxisMetrics {
  const pairs = count - 1;
  if (pairs <= 0) return { isoPeakToPeak: 0, isoA95: 0, lowPassPeakToPeak };
  let max = 0;
  for (let i = 0; i < pairs; i++) {
    const v = peaks[i]! + peaks[i + 1]!;
    peaks[i] = v;
    if (v > max) max = v;
  }
  const isoA95 = selectKth(peaks.subarray(0, pairs), Math.ceil(0.95 * pairs) - 1);
  return { isoPeakToPeak: max, isoA95, lowPassPeakToPeak };
}

/** An axis's metrics from its two readings, written over [0, end). */
function readings(
  iso: Float64Array,
  low: Float64Array,
  gain: number,
  [start, end]: [number, number],
  peaks: Float64Array,
) {
  const lowPassPeakToPeak = scanMaxPair(low, start, end, gain, peaks);
  return isoMetrics(peaks, scanPeaks(iso, start, end, peaks), lowPassPeakToPeak);
}

/** An axis by the definition's functions, for cascade shapes the fused passes do not run. */
function byDefinition(signal: ArrayLike<number>, iso: Biquad[], f: RunFilters, [start, end]: [number, number]) {
  const rest = restSamples(f.sampleRate);
  const i = peakToPeak(applyFilter(signal, iso, rest).subarray(start, end));
  const low = peakToPeak(applyFilter(signal, f.lowPass, rest).subarray(start, end), false);
  return { isoPeakToPeak: i.max, isoA95: i.a95, lowPassPeakToPeak: low.max };
}

const larger = (a: AxisMetrics, b: AxisMetrics): AxisMetrics => ({
  isoPeakToPeak: Math.max(a.isoPeakToPeak, b.isoPeakToPeak),
  isoA95: Math.max(a.isoA95, b.isoA95),
  lowPassPeakToPeak: Math.max(a.lowPassPeakToPeak, b.lowPassPeakToPeak),
});

/**
 * How runMetrics computes: by default through the SIMD passes (lane-passes.ts) where they run (WebAssembly with
 * SIMD, Float32Array axes of one length, the usual cascade shapes), else the JavaScript ones; `lanes: false` keeps to
 * the JavaScript passes, `lanes: true` insists on the SIMD ones and throws where they cannot run (the bench and the
 * tests, so that they never measure or compare the wrong path without saying so).
 */
export interface RunMetricsOptions {
  lanes?: boolean;
}

/** The metrics of a run's three axes (m/s²) sampled at `filters.sampleRate`. */
export function runMetrics(axes: RunAxes, filters: RunFilters, options: RunMetricsOptions = {}): RunMetrics {
  const { horizontal: h, vertical: v } = filters;
  if (options.lanes !== false && h && v) {
    const run = inLanes(axes);
    if (run) return byLanes(run, axes, filters, h, v);
  }
  if (options.lanes) throw new Error('the SIMD passes cannot run these axes or filters here');
  const window = evaluationWindow(axes.z, filters.sampleRate);
  let x: AxisMetrics;
  let y: AxisMetrics;
  let z: AxisMetrics;
  if (h && v) {
    const end = window[1];
    const restCount = restSamples(filters.sampleRate);
    const [iso, low, peaks] = buffersOf(Math.max(1, end)) as [Float64Array, Float64Array, Float64Array];
    horizontalPass(axes.x, restValue(axes.x, restCount), h.coefficients, end, iso, low);
    x = readings(iso, low, h.lowPassGain, window, peaks);
    horizontalPass(axes.y, restValue(axes.y, restCount), h.coefficients, end, iso, low);
    y = readings(iso, low, h.lowPassGain, window, peaks);
    axisPass(axes.z, restValue(axes.z, restCount), v.coefficients, end, iso, low);
    z = readings(iso, low, v.lowPassGain, window, peaks);
  } else {
    x = byDefinition(axes.x, filters.wd, filters, window);
    y = byDefinition(axes.y, filters.wd, filters, window);
    z = byDefinition(axes.z, filters.wk, filters, window);
  }
  return { x, y, z, horizontal: larger(x, y), vertical: z, lowPassHz: filters.lowPassHz, window };
}

type RunAxes = { x: ArrayLike<number>; y: ArrayLike<number>; z: ArrayLike<number> };

/** The run loaded for the SIMD passes: three Float32Array axes of one length, where the module runs. */
function inLanes({ x, y, z }: RunAxes): LaneRun | null {
  const f32 = (a: ArrayLike<number>): a is Float32Array => a instanceof Float32Array;
  if (!f32(x) || !f32(y) || !f32(z) || x.length !== z.length || y.length !== z.length) return null;
  return loadRun(x, y, z);
}

/** runMetrics through the SIMD passes (lane-passes.ts): the same steps, the same arithmetic. */
function byLanes(run: LaneRun, axes: RunAxes, f: RunFilters, h: FusedCascade, v: FusedCascade): RunMetrics {
  const count = restSamples(f.sampleRate);
  const { speed, top } = run.vertical(restValue(axes.z, count), v.coefficients, speedFilter(f.sampleRate));
  const window = windowOfSpeeds(speed, axes.z.length, top, f.sampleRate);
  const [start, end] = window;
  run.horizontal(restValue(axes.x, count), restValue(axes.y, count), h.coefficients, end);
  const axis = (i: 0 | 1 | 2, gain: number): AxisMetrics => {
    const { iso, low } = run.readings(i);
    const lowPassPeakToPeak = run.halfCycles(low, start, end, gain).maxPair;
    const { peaks } = run.halfCycles(iso, start, end, 1);
    return isoMetrics(peaks, peaks.length, lowPassPeakToPeak);
  };
  const x = axis(0, h.lowPassGain);
  const y = axis(1, h.lowPassGain);
  const z = axis(2, v.lowPassGain);
  return { x, y, z, horizontal: larger(x, y), vertical: z, lowPassHz: f.lowPassHz, window };
}

/** Which metric a threshold value limits, and where the run's value of it is. */
export const EOCD_LIMITS = [
  { metric: 'isoHorizontalPeakToPeak', axis: 'horizontal', value: 'isoPeakToPeak' },
  { metric: 'isoVerticalPeakToPeak', axis: 'vertical', value: 'isoPeakToPeak' },
  { metric: 'isoHorizontalA95', axis: 'horizontal', value: 'isoA95' },
  { metric: 'isoVerticalA95', axis: 'vertical', value: 'isoA95' },
  { metric: 'lowPassHorizontal', axis: 'horizontal', value: 'lowPassPeakToPeak' },
  { metric: 'lowPassVertical', axis: 'vertical', value: 'lowPassPeakToPeak' },
] as const;
export type EocdMetric = (typeof EOCD_LIMITS)[number]['metric'];

/** The metrics of a run over a threshold's limits, each naming the metric, the value and the limit. */
export function overLimits(
  metrics: RunMetrics,
  limits: Record<EocdMetric, number>,
): { metric: EocdMetric; value: number; limit: number }[] {
  return EOCD_LIMITS.flatMap(({ metric, axis, value }) => {
    const v = metrics[axis][value];
    return v > limits[metric] ? [{ metric, value: v, limit: limits[metric] }] : [];
  });
}
