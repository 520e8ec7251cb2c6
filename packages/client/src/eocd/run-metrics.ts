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

/** Wd has at most three sections (head and two): the horizontal cascade's third ISO slot is the pass-through. */
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
  const horizontal = fused(wd, lowPass);
  if (horizontal.isoTail[2] !== PASS) throw new Error('Wd has more sections than the pair pass runs');
  return { sampleRate, lowPassHz, wd, wk, lowPass, horizontal, vertical: fused(wk, lowPass) };
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
 * The half-cycle peaks of one filtered signal as its values come (metrics.ts, halfCyclePeaks): with `peaks`, each
 * closed peak kept in it (the ISO reading, for its A95); without, only the largest adjacent pair (low-pass).
 */
class HalfCycles {
  sign = 0;
  peak = 0;
  count = 0;
  last = -1;
  max = 0;
  constructor(private readonly peaks: Float64Array | null) {}

  add(v: number): void {
    const s = v > 0 ? 1 : v < 0 ? -1 : 0;
    if (s === 0) return;
    if (s !== this.sign) {
      if (this.sign !== 0) this.close();
      this.sign = s;
      this.peak = 0;
    }
    const a = v < 0 ? -v : v;
    if (a > this.peak) this.peak = a;
  }

  close(): void {
    if (this.peaks) this.peaks[this.count++] = this.peak;
    else if (this.last >= 0 && this.last + this.peak > this.max) this.max = this.last + this.peak;
    this.last = this.peak;
  }

  end(): this {
    if (this.sign !== 0) this.close();
    return this;
  }
}

/**
 * One axis through its cascade (head, three ISO sections, the low-pass section) up to `end`, its readings' peaks
 * taken from `start`. Each section's last two outputs are the next section's last two inputs.
 */
function axisPass(
  signal: ArrayLike<number>,
  rest: number,
  c: FusedCascade,
  [start, end]: [number, number],
  iso: HalfCycles,
  low: HalfCycles,
): void {
  const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = c.head;
  const { b0: pb0, b1: pb1, b2: pb2, a1: pa1, a2: pa2 } = c.isoTail[0];
  const { b0: qb0, b1: qb1, b2: qb2, a1: qa1, a2: qa2 } = c.isoTail[1];
  const { b0: rb0, b1: rb1, b2: rb2, a1: ra1, a2: ra2 } = c.isoTail[2];
  const { b0: lb0, b1: lb1, b2: lb2, a1: la1, a2: la2 } = c.lowPassTail;
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
    iso.add(r);
    low.add(l);
  }
}

/**
 * x and y through the horizontal cascade (Wd: head, two ISO sections, the low-pass section; its third ISO slot
 * is the pass-through and is not run), side by side: each coefficient read once for both axes.
 */
function pairPass(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  [restX, restY]: [number, number],
  c: FusedCascade,
  [start, end]: [number, number],
  [isoX, lowX, isoY, lowY]: [HalfCycles, HalfCycles, HalfCycles, HalfCycles],
): void {
  const { b0: hb0, b1: hb1, b2: hb2, a1: ha1, a2: ha2 } = c.head;
  const { b0: pb0, b1: pb1, b2: pb2, a1: pa1, a2: pa2 } = c.isoTail[0];
  const { b0: qb0, b1: qb1, b2: qb2, a1: qa1, a2: qa2 } = c.isoTail[1];
  const { b0: lb0, b1: lb1, b2: lb2, a1: la1, a2: la2 } = c.lowPassTail;
  let xi1 = 0;
  let xi2 = 0;
  let xh1 = 0;
  let xh2 = 0;
  let xp1 = 0;
  let xp2 = 0;
  let xq1 = 0;
  let xq2 = 0;
  let xl1 = 0;
  let xl2 = 0;
  let yi1 = 0;
  let yi2 = 0;
  let yh1 = 0;
  let yh2 = 0;
  let yp1 = 0;
  let yp2 = 0;
  let yq1 = 0;
  let yq2 = 0;
  let yl1 = 0;
  let yl2 = 0;
  for (let i = 0; i < end; i++) {
    const xv = x[i]! - restX;
    const yv = y[i]! - restY;
    const xh = hb0 * xv + hb1 * xi1 + hb2 * xi2 - ha1 * xh1 - ha2 * xh2;
    const yh = hb0 * yv + hb1 * yi1 + hb2 * yi2 - ha1 * yh1 - ha2 * yh2;
    const xp = pb0 * xh + pb1 * xh1 + pb2 * xh2 - pa1 * xp1 - pa2 * xp2;
    const yp = pb0 * yh + pb1 * yh1 + pb2 * yh2 - pa1 * yp1 - pa2 * yp2;
    const xq = qb0 * xp + qb1 * xp1 + qb2 * xp2 - qa1 * xq1 - qa2 * xq2;
    const yq = qb0 * yp + qb1 * yp1 + qb2 * yp2 - qa1 * yq1 - qa2 * yq2;
    const xl = lb0 * xh + lb1 * xh1 + lb2 * xh2 - la1 * xl1 - la2 * xl2;
    const yl = lb0 * yh + lb1 * yh1 + lb2 * yh2 - la1 * yl1 - la2 * yl2;
    xi2 = xi1;
    xi1 = xv;
    xh2 = xh1;
    xh1 = xh;
    xp2 = xp1;
    xp1 = xp;
    xq2 = xq1;
    xq1 = xq;
    xl2 = xl1;
    xl1 = xl;
    yi2 = yi1;
    yi1 = yv;
    yh2 = yh1;
    yh1 = yh;
    yp2 = yp1;
    yp1 = yp;
    yq2 = yq1;
    yq1 = yq;
    yl2 = yl1;
    yl1 = yl;
    if (i < start) continue;
    isoX.add(xq);
    lowX.add(xl);
    isoY.add(yq);
    lowY.add(yl);
  }
}

/** An axis's metrics from its readings' peaks: the ISO pairs' sums in place of the peaks, their max and A95. */
function axisMetrics(iso: HalfCycles, low: HalfCycles, peaks: Float64Array): AxisMetrics {
  const count = iso.count - 1;
  if (count <= 0) return { isoPeakToPeak: 0, isoA95: 0, lowPassPeakToPeak: low.max };
  let max = 0;
  for (let i = 0; i < count; i++) {
    const v = peaks[i]! + peaks[i + 1]!;
    peaks[i] = v;
    if (v > max) max = v;
  }
  const a95 = selectKth(peaks.subarray(0, count), Math.ceil(0.95 * count) - 1);
  return { isoPeakToPeak: max, isoA95: a95, lowPassPeakToPeak: low.max };
}

const larger = (a: AxisMetrics, b: AxisMetrics): AxisMetrics => ({
  isoPeakToPeak: Math.max(a.isoPeakToPeak, b.isoPeakToPeak),
  isoA95: Math.max(a.isoA95, b.isoA95),
  lowPassPeakToPeak: Math.max(a.lowPassPeakToPeak, b.lowPassPeakToPeak),
});

/** Peak buffers for the pair pass (x, y) and the single pass (z): grown, never shrunk, reused by every run. */
let buffers: Float64Array[] = [];
const buffersOf = (n: number) =>
  buffers[0] && buffers[0].length >= n ? buffers : (buffers = [new Float64Array(n), new Float64Array(n)]);

/** The metrics of a run's three axes (m/s²) sampled at `filters.sampleRate`. */
export function runMetrics(
  axes: { x: ArrayLike<number>; y: ArrayLike<number>; z: ArrayLike<number> },
  filters: RunFilters,
): RunMetrics {
  const window = evaluationWindow(axes.z, filters.sampleRate);
  const restCount = restSamples(filters.sampleRate);
  const [px, py] = buffersOf(Math.max(1, window[1] - window[0]));
  const h = filters.horizontal;
  const isoX = new HalfCycles(px!);
  const isoY = new HalfCycles(py!);
  const lowX = new HalfCycles(null);
  const lowY = new HalfCycles(null);
  const rests: [number, number] = [restValue(axes.x, restCount), restValue(axes.y, restCount)];
  pairPass(axes.x, axes.y, rests, h, window, [isoX, lowX, isoY, lowY]);
  const x = axisMetrics(isoX.end(), lowX.end(), px!);
  const y = axisMetrics(isoY.end(), lowY.end(), py!);
  const isoZ = new HalfCycles(px!);
  const lowZ = new HalfCycles(null);
  axisPass(axes.z, restValue(axes.z, restCount), filters.vertical, window, isoZ, lowZ);
  const z = axisMetrics(isoZ.end(), lowZ.end(), px!);
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
