/**
 * The fused loops of run-metrics.ts: the window's speeds, x or y, z, and the half-cycle scans. Each
 * filter loop is the realised cascade's arithmetic (metrics.ts, runStages) in the same order.
 *
 * The loops run in blocks of BLOCK samples with their state in a Float64Array: V8 then optimises them as whole
 * functions called many times. One call over a whole record left them in on-stack-replacement code compiled
 * before any feedback on the code around the loop, which deoptimised on leaving the loop, call after call
 * (`node --trace-deopt`), and made the same run two to three times slower at random.
 */

/** Samples a call of a fused loop runs (see the top of this file). */
const BLOCK = 1024;

const state = new Float64Array(13);

/** The window's speeds, a block: state x1, s1, y1, y2, v, top; k: a1, a2, gain, sample rate. */
function speedBlock(
  z: ArrayLike<number>,
  rest: number,
  k: Float64Array,
  from: number,
  to: number,
  speed: Float64Array,
) {
  const a1 = k[0]!;
  const a2 = k[1]!;
  const gain = k[2]!;
  const rate = k[3]!;
  let x1 = state[0]!;
  let s1 = state[1]!;
  let y1 = state[2]!;
  let y2 = state[3]!;
  let v = state[4]!;
  let top = state[5]!;
  for (let i = from; i < to; i++) {
    const x = z[i]! - rest;
    const s = x + x1;
    const y = s + s1 - a1 * y1 - a2 * y2;
    x1 = x;
    s1 = s;
    y2 = y1;
    y1 = y;
    v += (gain * y) / rate;
    const a = v < 0 ? -v : v;
    speed[i] = a;
    if (a > top) top = a;
  }
  state[0] = x1;
  state[1] = s1;
  state[2] = y1;
  state[3] = y2;
  state[4] = v;
  state[5] = top;
}

/** The window's speeds (|v|) of z[0, n) into `speed`; returns the top speed. k: a1, a2, gain, sample rate. */
export function speeds(z: ArrayLike<number>, rest: number, k: Float64Array, n: number, speed: Float64Array): number {
  state.fill(0);
  for (let from = 0; from < n; from += BLOCK) speedBlock(z, rest, k, from, Math.min(n, from + BLOCK), speed);
  return state[5]!;
}

/**
 * x or y, a block, through the horizontal cascade: the high-pass, then from the sum s + s1 the band limit and the
 * low-pass reading, then Wd's general stage on the band limit's output. State: v1, d1, h1, h2, s1, p1, p2, q1, q2,
 * l1, l2. Writes the ISO reading and the low-pass one (without its gain). x and y run one after the other: side by
 * side in one loop they were 11 % slower (more values live than the registers hold).
 */
function horizontalBlock(
  signal: ArrayLike<number>,
  rest: number,
  k: Float64Array,
  from: number,
  to: number,
  iso: Float64Array,
  low: Float64Array,
): void {
  const ha1 = k[0]!;
  const ha2 = k[1]!;
  const pa1 = k[2]!;
  const pa2 = k[3]!;
  const la1 = k[4]!;
  const la2 = k[5]!;
  const qb0 = k[6]!;
  const qb1 = k[7]!;
  const qb2 = k[8]!;
  const qa1 = k[9]!;
  const qa2 = k[10]!;
  let v1 = state[0]!;
  let d1 = state[1]!;
  let h1 = state[2]!;
  let h2 = state[3]!;
  let s1 = state[4]!;
  let p1 = state[5]!;
  let p2 = state[6]!;
  let q1 = state[7]!;
  let q2 = state[8]!;
  let l1 = state[9]!;
  let l2 = state[10]!;
  for (let i = from; i < to; i++) {
    const v = signal[i]! - rest;
    const d = v - v1;
    const h = d - d1 - ha1 * h1 - ha2 * h2;
    const s = h + h1;
    const n = s + s1;
    const p = n - pa1 * p1 - pa2 * p2;
    const l = n - la1 * l1 - la2 * l2;
    const q = qb0 * p + qb1 * p1 + qb2 * p2 - qa1 * q1 - qa2 * q2;
    v1 = v;
    d1 = d;
    h2 = h1;
    h1 = h;
    s1 = s;
    p2 = p1;
    p1 = p;
    q2 = q1;
    q1 = q;
    l2 = l1;
    l1 = l;
    iso[i] = q;
    low[i] = l;
  }
  state[0] = v1;
  state[1] = d1;
  state[2] = h1;
  state[3] = h2;
  state[4] = s1;
  state[5] = p1;
  state[6] = p2;
  state[7] = q1;
  state[8] = q2;
  state[9] = l1;
  state[10] = l2;
}

/**
 * z, a block, through the vertical cascade: as horizontalBlock, with Wk's two general stages. State: v1, d1, h1, h2, s1,
 * p1, p2, q1, q2, r1, r2, l1, l2.
 */
function axisBlock(
  z: ArrayLike<number>,
  rest: number,
  k: Float64Array,
  from: number,
  to: number,
  iso: Float64Array,
  low: Float64Array,
): void {
  const ha1 = k[0]!;
  const ha2 = k[1]!;
  const pa1 = k[2]!;
  const pa2 = k[3]!;
  const la1 = k[4]!;
  const la2 = k[5]!;
  const qb0 = k[6]!;
  const qb1 = k[7]!;
  const qb2 = k[8]!;
  const qa1 = k[9]!;
  const qa2 = k[10]!;
  const rb0 = k[11]!;
  const rb1 = k[12]!;
  const rb2 = k[13]!;
  const ra1 = k[14]!;
  const ra2 = k[15]!;
  let v1 = state[0]!;
  let d1 = state[1]!;
  let h1 = state[2]!;
  let h2 = state[3]!;
  let s1 = state[4]!;
  let p1 = state[5]!;
  let p2 = state[6]!;
  let q1 = state[7]!;
  let q2 = state[8]!;
  let r1 = state[9]!;
  let r2 = state[10]!;
  let l1 = state[11]!;
  let l2 = state[12]!;
  for (let i = from; i < to; i++) {
    const v = z[i]! - rest;
    const d = v - v1;
    const h = d - d1 - ha1 * h1 - ha2 * h2;
    const s = h + h1;
    const n = s + s1;
    const p = n - pa1 * p1 - pa2 * p2;
    const l = n - la1 * l1 - la2 * l2;
    const q = qb0 * p + qb1 * p1 + qb2 * p2 - qa1 * q1 - qa2 * q2;
    const r = rb0 * q + rb1 * q1 + rb2 * q2 - ra1 * r1 - ra2 * r2;
    v1 = v;
    d1 = d;
    h2 = h1;
    h1 = h;
    s1 = s;
    p2 = p1;
    p1 = p;
    q2 = q1;
    q1 = q;
    r2 = r1;
    r1 = r;
    l2 = l1;
    l1 = l;
    iso[i] = r;
    low[i] = l;
  }
  state[0] = v1;
  state[1] = d1;
  state[2] = h1;
  state[3] = h2;
  state[4] = s1;
  state[5] = p1;
  state[6] = p2;
  state[7] = q1;
  state[8] = q2;
  state[9] = r1;
  state[10] = r2;
  state[11] = l1;
  state[12] = l2;
}

/** The half-cycle peaks of values[start, end) into `peaks` (metrics.ts, halfCyclePeaks); returns their count. */
export function scanPeaks(values: Float64Array, start: number, end: number, peaks: Float64Array): number {
  let count = 0;
  let i = start;
  while (i < end) {
    let v = values[i]!;
    if (v > 0) {
      let peak = v;
      // zeros neither close a half-cycle nor raise its peak
      while (++i < end && (v = values[i]!) >= 0) if (v > peak) peak = v;
      peaks[count++] = peak;
    } else if (v < 0) {
      let peak = -v;
      while (++i < end && (v = values[i]!) <= 0) if (-v > peak) peak = -v;
      peaks[count++] = peak;
    } else i++;
  }
  return count;
}

/** The largest sum of two adjacent half-cycle peaks of gain × values[start, end) (peakToPeak without A95). */
export function scanMaxPair(
  values: Float64Array,
  start: number,
  end: number,
  gain: number,
  peaks: Float64Array,
): number {
  const count = scanPeaks(values, start, end, peaks);
  let max = 0;
  let last = gain * peaks[0]!;
  for (let i = 1; i < count; i++) {
    // gain > 0 and rounding is monotonic: the peak of the scaled values is the scaled peak (short of underflow)
    const p = gain * peaks[i]!;
    if (last + p > max) max = last + p;
    last = p;
  }
  return max;
}

/** x or y over [0, end) into iso and low (its gain not applied). */
export function horizontalPass(
  signal: ArrayLike<number>,
  rest: number,
  k: Float64Array,
  end: number,
  iso: Float64Array,
  low: Float64Array,
): void {
  state.fill(0);
  for (let from = 0; from < end; from += BLOCK)
    horizontalBlock(signal, rest, k, from, Math.min(end, from + BLOCK), iso, low);
}

/** z over [0, end) into iso and low (its gain not applied). */
export function axisPass(
  z: ArrayLike<number>,
  rest: number,
  k: Float64Array,
  end: number,
  iso: Float64Array,
  low: Float64Array,
) {
  state.fill(0);
  for (let from = 0; from < end; from += BLOCK) axisBlock(z, rest, k, from, Math.min(end, from + BLOCK), iso, low);
}
