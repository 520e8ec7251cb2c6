/**
 * The metrics of one run (ISO 18738-1), as metrics.ts defines them, computed in one fused pass per axis.
 *
 * An axis's two readings share their first section (the 0.4 Hz band-limiting high-pass), and each section's input
 * history is the previous section's output history; so one loop runs the whole cascade sample by sample, keeps
 * every state in locals, reads the half-cycle peaks as the filtered values come out, and stops at the window's
 * end (the filters are causal). No array per filter, no array of filtered values: the arithmetic is the same,
 * in the same order, as applyFilter then peakToPeak over the window (a unit test compares them bit for bit).
 */
import { REST_SECONDS, butterworthLowPass, digital, lowPassSections, selectKth, weightingSections } from './metrics.js';
import type { Biquad } from './metrics.js';

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

/** An axis's cascades in the fused pass's fixed shape: the shared head, the ISO tail of three, the low-pass tail. */
export interface FusedCascade {
  head: Biquad;
  isoTail: readonly [Biquad, Biquad, Biquad];
  lowPassTail: Biquad;
}

/** The filters of one run, made once per sample rate and cut-off (the bench reuses them). */
export interface RunFilters {
  sampleRate: number;
  lowPassHz: number;
  wd: Biquad[];
  wk: Biquad[];
  lowPass: Biquad[];
  /** wd and lowPass, wk and lowPass, as the fused pass runs them. */
  horizontal: FusedCascade;
  vertical: FusedCascade;
}

/** A section that passes its input unchanged (1·x + 0 − 0 is x exactly): pads a shorter cascade. */
const PASS: Biquad = { b0: 1, b1: 0, b2: 0, a1: 0, a2: 0 };

const same = (a: Biquad, b: Biquad) =>
  a.b0 === b.b0 && a.b1 === b.b1 && a.b2 === b.b2 && a.a1 === b.a1 && a.a2 === b.a2;

function fused(iso: Biquad[], lowPass: Biquad[]): FusedCascade {
  const head = iso[0]!;
  // both readings begin with the same 0.4 Hz high-pass (weightingSections, lowPassSections)
  if (!same(head, lowPass[0]!) || iso.length > 4 || lowPass.length > 2) throw new Error('unexpected EOCD cascades');
  const tail = [...iso.slice(1), PASS, PASS, PASS];
  return { head, isoTail: [tail[0]!, tail[1]!, tail[2]!], lowPassTail: lowPass[1] ?? PASS };
}

export function runFilters(sampleRate: number, lowPassHz: number): RunFilters {
  const wd = digital(weightingSections('Wd', sampleRate), sampleRate);
  const wk = digital(weightingSections('Wk', sampleRate), sampleRate);
  const lowPass = digital(lowPassSections(lowPassHz, sampleRate), sampleRate);
  return { sampleRate, lowPassHz, wd, wk, lowPass, horizontal: fused(wd, lowPass), vertical: fused(wk, lowPass) };
}

/** Below this top speed (m/s) the car did not travel: the whole record is evaluated. */
export const MIN_TRAVEL_SPEED = 0.05;
/** The constant-speed part of a run: where the speed is at least this share of its top speed. */
export const CONSTANT_SPEED_SHARE = 0.95;
/** Left out at each end of the constant-speed part, where it is long enough (see evaluationWindow). */
export const SETTLE_SECONDS = 1;
const restSamples = (sampleRate: number) => Math.round(REST_SECONDS * sampleRate);

/** The mean of the first `count` values (0 when there are none): an axis's value at rest. */
function restValue(signal: ArrayLike<number>, count: number): number {
  const m = Math.min(count, signal.length);
  let rest = 0;
  for (let i = 0; i < m; i++) rest += signal[i]!;
  return m > 0 ? rest / m : 0;
}

/** One buffer reused by every run (the speeds, then each axis's peaks): grown, never shrunk. */
let scratch = new Float64Array(0);
const scratchOf = (n: number) => (scratch.length >= n ? scratch : (scratch = new Float64Array(n)));

/**
 * The part of a run whose vibration is evaluated (ISO 18738-1: between the boundaries of constant speed), as
 * [start, end) sample indexes: the speed is the vertical acceleration (its rest value taken away, 10 Hz low-pass)
 * integrated; the part where it is at least CONSTANT_SPEED_SHARE of its top. A record where the car did not
 * travel (top speed under MIN_TRAVEL_SPEED) is evaluated whole.
 */
export function evaluationWindow(z: ArrayLike<number>, sampleRate: number): [number, number] {
  const n = z.length;
  const { b0, b1, b2, a1, a2 } = digital([butterworthLowPass(Math.min(10, sampleRate / 4))], sampleRate)[0]!;
  const rest = restValue(z, restSamples(sampleRate));
  const speed = scratchOf(n);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  let v = 0;
  let top = 0;
  for (let i = 0; i < n; i++) {
    const x = z[i]! - rest;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    v += y / sampleRate;
    const a = v < 0 ? -v : v;
    speed[i] = a;
    if (a > top) top = a;
  }
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

/**
 * One axis through its cascades up to `end`, the half-cycle peaks read from `start` (metrics.ts, halfCyclePeaks):
 * the ISO reading's peaks into `peaks`, the low-pass reading's largest adjacent pair kept as it goes.
 */
function axisPass(
  signal: ArrayLike<number>,
  rest: number,
  c: FusedCascade,
  start: number,
  end: number,
  peaks: Float64Array,
): { isoPeaks: number; lowPassMax: number } {
  const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = c.head;
  const { b0: pb0, b1: pb1, b2: pb2, a1: pa1, a2: pa2 } = c.isoTail[0];
  const { b0: qb0, b1: qb1, b2: qb2, a1: qa1, a2: qa2 } = c.isoTail[1];
  const { b0: rb0, b1: rb1, b2: rb2, a1: ra1, a2: ra2 } = c.isoTail[2];
  const { b0: lb0, b1: lb1, b2: lb2, a1: la1, a2: la2 } = c.lowPassTail;
  // each section's last two outputs (the next section's last two inputs)
  let in1 = 0;
  let in2 = 0;
  let h1 = 0;
  let h2 = 0;
  let p1 = 0;
  let p2 = 0;
  let q1 = 0;
  let q2 = 0;
  let r1 = 0;
  let r2 = 0;
  let l1 = 0;
  let l2 = 0;
  // ISO half-cycles: sign, peak so far, peaks closed; low-pass: the same, the last closed peak, the largest pair
  let isoSign = 0;
  let isoPeak = 0;
  let count = 0;
  let lowSign = 0;
  let lowPeak = 0;
  let lowLast = -1;
  let lowMax = 0;
  for (let i = 0; i < end; i++) {
    const v = signal[i]! - rest;
    const h = hb0 * v + hb1 * in1 + hb2 * in2 - ha1 * h1 - ha2 * h2;
    const p = pb0 * h + pb1 * h1 + pb2 * h2 - pa1 * p1 - pa2 * p2;
    const q = qb0 * p + qb1 * p1 + qb2 * p2 - qa1 * q1 - qa2 * q2;
    const r = rb0 * q + rb1 * q1 + rb2 * q2 - ra1 * r1 - ra2 * r2;
    const l = lb0 * h + lb1 * h1 + lb2 * h2 - la1 * l1 - la2 * l2;
    in2 = in1;
    in1 = v;
    h2 = h1;
    h1 = h;
    p2 = p1;
    p1 = p;
    q2 = q1;
    q1 = q;
    r2 = r1;
    r1 = r;
    l2 = l1;
    l1 = l;
    if (i < start) continue;
    const rs = r > 0 ? 1 : r < 0 ? -1 : 0;
    if (rs !== 0) {
      if (rs !== isoSign) {
        if (isoSign !== 0) peaks[count++] = isoPeak;
        isoSign = rs;
        isoPeak = 0;
      }
      const a = r < 0 ? -r : r;
      if (a > isoPeak) isoPeak = a;
    }
    const ls = l > 0 ? 1 : l < 0 ? -1 : 0;
    if (ls !== 0) {
      if (ls !== lowSign) {
        if (lowSign !== 0) {
          if (lowLast >= 0 && lowLast + lowPeak > lowMax) lowMax = lowLast + lowPeak;
          lowLast = lowPeak;
        }
        lowSign = ls;
        lowPeak = 0;
      }
      const a = l < 0 ? -l : l;
      if (a > lowPeak) lowPeak = a;
    }
  }
  if (isoSign !== 0) peaks[count++] = isoPeak;
  if (lowSign !== 0 && lowLast >= 0 && lowLast + lowPeak > lowMax) lowMax = lowLast + lowPeak;
  return { isoPeaks: count, lowPassMax: lowMax };
}

function axisMetrics(
  signal: ArrayLike<number>,
  cascade: FusedCascade,
  filters: RunFilters,
  [start, end]: [number, number],
): AxisMetrics {
  const rest = restValue(signal, restSamples(filters.sampleRate));
  const peaks = scratchOf(Math.max(1, end - start));
  const { isoPeaks, lowPassMax } = axisPass(signal, rest, cascade, start, end, peaks);
  const count = isoPeaks - 1;
  if (count <= 0) return { isoPeakToPeak: 0, isoA95: 0, lowPassPeakToPeak: lowPassMax };
  // the adjacent pairs' sums in place of the peaks (each sum needs only its own and the next peak)
  let max = 0;
  for (let i = 0; i < count; i++) {
    const v = peaks[i]! + peaks[i + 1]!;
    peaks[i] = v;
    if (v > max) max = v;
  }
  const a95 = selectKth(peaks.subarray(0, count), Math.ceil(0.95 * count) - 1);
  return { isoPeakToPeak: max, isoA95: a95, lowPassPeakToPeak: lowPassMax };
}

const larger = (a: AxisMetrics, b: AxisMetrics): AxisMetrics => ({
  isoPeakToPeak: Math.max(a.isoPeakToPeak, b.isoPeakToPeak),
  isoA95: Math.max(a.isoA95, b.isoA95),
  lowPassPeakToPeak: Math.max(a.lowPassPeakToPeak, b.lowPassPeakToPeak),
});

/** The metrics of a run's three axes (m/s²) sampled at `filters.sampleRate`. */
export function runMetrics(
  axes: { x: ArrayLike<number>; y: ArrayLike<number>; z: ArrayLike<number> },
  filters: RunFilters,
): RunMetrics {
  const window = evaluationWindow(axes.z, filters.sampleRate);
  const x = axisMetrics(axes.x, filters.horizontal, filters, window);
  const y = axisMetrics(axes.y, filters.horizontal, filters, window);
  const z = axisMetrics(axes.z, filters.vertical, filters, window);
  return { x, y, z, horizontal: larger(x, y), vertical: z, lowPassHz: filters.lowPassHz, window };
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
