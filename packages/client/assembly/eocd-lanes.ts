/**
 * A run's metrics passes (packages/client/src/eocd/fused-passes.ts) in WebAssembly, two filter sections at a time
 * in the lanes of f64x2 vectors, then the half-cycle scans of the readings. AssemblyScript, compiled by
 * packages/client/scripts/build-wasm.mjs into src/eocd/lanes-wasm.generated.ts; driven by src/eocd/lane-passes.ts.
 *
 * Each lane does the arithmetic of fused-passes.ts in the same order (f64x2 lanes are IEEE double operations, and
 * there is no fused multiply-add), so the metrics are the same bit for bit; a unit test holds them to that.
 * - vertical(): z's high-pass beside the window's speed filter (both take z less its rest value; the high-pass's
 *   differences are sums with -1 times the last value, which is exact), then its band limit beside its low-pass
 *   reading (both follow the high-pass), then Wk's two general stages skewed by two samples (the first at t, the
 *   second at t - 2): the second takes the first's output, and two steps back it is ready long before it is needed
 *   (one step back, each step waited for the last one's whole sum of products). It runs first and over the whole
 *   record, because the speeds decide the window.
 * - horizontal(): x and y side by side (their cascades are the same), up to the window's end.
 * - halfCycles(): each reading's scan over the window.
 */

/** A vector of a and b (f64x2(a, b) takes only constants). */
@inline
function pair(a: f64, b: f64): v128 {
  return f64x2.replace_lane(f64x2.splat(a), 1, b);
}

/** A section's feedback, lane by lane, in the order of fused-passes.ts: x - a1 y1 - a2 y2. */
@inline
function feedback(x: v128, a1: v128, y1: v128, a2: v128, y2: v128): v128 {
  return f64x2.sub(f64x2.sub(x, f64x2.mul(a1, y1)), f64x2.mul(a2, y2));
}

/** A general section's numerator, lane by lane, in the order of fused-passes.ts: b0 x + b1 x1 + b2 x2. */
@inline
function weigh(b0: v128, x: v128, b1: v128, x1: v128, b2: v128, x2: v128): v128 {
  return f64x2.add(f64x2.add(f64x2.mul(b0, x), f64x2.mul(b1, x1)), f64x2.mul(b2, x2));
}

/** Byte offsets of the coefficients in `k`: the horizontal cascade's, the vertical's, the speed filter's. */
const HORIZONTAL = 0;
const VERTICAL = 88;
const SPEED = 216;
/**
 * Byte offsets after `k` where each pass lays out its coefficients as the vectors its lanes multiply by. The loops
 * read them from there at each use rather than holding them: with the filters' state, they are more vectors than
 * the processor has registers (V8 gives WebAssembly sixteen), and what the compiler spills it stores and reloads at
 * every step, the state included; a load beside a multiplication costs next to nothing.
 */
const VERTICAL_LANES = 256;
const HORIZONTAL_LANES = 416;

/** The vertical pass's vectors, from VERTICAL_LANES. */
const SIGN = 0;
const FA1 = 16;
const FA2 = 32;
const ZA1 = 48;
const ZA2 = 64;
const B0 = 80;
const B1 = 96;
const B2 = 112;
const C1 = 128;
const C2 = 144;

/** The horizontal pass's vectors (each coefficient in both lanes), from HORIZONTAL_LANES, in the order of `k`. */
const HA1 = 0;
const HA2 = 16;
const PA1 = 32;
const PA2 = 48;
const LA1 = 64;
const LA2 = 80;
const QB0 = 96;
const QB1 = 112;
const QB2 = 128;
const QA1 = 144;
const QA2 = 160;

/**
 * z of a run of n samples through the vertical cascade and the window's speed filter (fused-passes.ts, axisBlock
 * and speedBlock). k: the vertical cascade's 16 coefficients at VERTICAL (ha1, ha2, pa1, pa2, la1, la2, qb0, qb1,
 * qb2, qa1, qa2, rb0, rb1, rb2, ra1, ra2), the speed filter's a1, a2, gain and sample rate at SPEED. Writes the ISO
 * and low-pass readings and the speeds (|v|) over [0, n); returns the top speed.
 *
 * The ISO reading comes out two steps late: its last two values come from two more steps of the general stages
 * alone, and the first step's two (r(-2) and r(-1), zeros) go to the sixteen bytes before `iso`.
 */
export function vertical(z: usize, n: i32, rest: f64, k: usize, iso: usize, low: usize, speed: usize): f64 {
  const lanes = k + VERTICAL_LANES;
  // the high-pass (lane 0) and the speed filter (lane 1): -1 makes the first's sums its differences
  v128.store(lanes, pair(-1, 1), SIGN);
  v128.store(lanes, pair(load<f64>(k, VERTICAL), load<f64>(k, SPEED)), FA1);
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 8), load<f64>(k, SPEED + 8)), FA2);
  // the band limit (lane 0) and the low-pass reading (lane 1)
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 16), load<f64>(k, VERTICAL + 32)), ZA1);
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 24), load<f64>(k, VERTICAL + 40)), ZA2);
  // Wk's first general stage (lane 0) at t, its second (lane 1) at t - 2
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 48), load<f64>(k, VERTICAL + 88)), B0);
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 56), load<f64>(k, VERTICAL + 96)), B1);
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 64), load<f64>(k, VERTICAL + 104)), B2);
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 72), load<f64>(k, VERTICAL + 112)), C1);
  v128.store(lanes, pair(load<f64>(k, VERTICAL + 80), load<f64>(k, VERTICAL + 120)), C2);
  const speedGain = load<f64>(k, SPEED + 16);
  const rate = load<f64>(k, SPEED + 24);
  const zero = f64x2.splat(0);
  let w1 = zero; // v(t-1) and x(t-1): the same value
  let e1 = zero; // d(t-1), s(t-1) of the speed filter
  let f1 = zero; // h(t-1), y(t-1)
  let f2 = zero; // h(t-2), y(t-2)
  let s1: f64 = 0; // s(t-1) after the high-pass
  let pl1 = zero; // p(t-1), l(t-1)
  let pl2 = zero; // p(t-2), l(t-2)
  let in1 = zero; // p(t-1), q(t-3)
  let in2 = zero; // p(t-2), q(t-4)
  let out1 = zero; // q(t-1), r(t-3)
  let out2 = zero; // q(t-2), r(t-4)
  let velocity: f64 = 0;
  let top = zero;
  for (let t = 0; t < n; t++) {
    const w = f64x2.splat(<f64>load<f32>(z + (<usize>t << 2)) - rest);
    const sign = v128.load(lanes, SIGN);
    const e = f64x2.add(w, f64x2.mul(sign, w1));
    const g = feedback(f64x2.add(e, f64x2.mul(sign, e1)), v128.load(lanes, FA1), f1, v128.load(lanes, FA2), f2);
    const s = f64x2.extract_lane(g, 0) + f64x2.extract_lane(f1, 0);
    const pl = feedback(f64x2.splat(s + s1), v128.load(lanes, ZA1), pl1, v128.load(lanes, ZA2), pl2);
    const input = v128.shuffle<f64>(pl, out2, 0, 2); // p(t), q(t-2)
    const qr = generalStages(lanes, input, in1, in2, out1, out2);
    w1 = w;
    e1 = e;
    f2 = f1;
    f1 = g;
    s1 = s;
    pl2 = pl1;
    pl1 = pl;
    in2 = in1;
    in1 = input;
    out2 = out1;
    out1 = qr;
    const o = <usize>t << 3;
    store<f64>(low + o, f64x2.extract_lane(pl, 1));
    // r(t - 2); at t = 0 and 1, r(-2) and r(-1), zeros, into the sixteen bytes before `iso`
    store<f64>(iso + o - 16, f64x2.extract_lane(qr, 1));
    velocity += (speedGain * f64x2.extract_lane(g, 1)) / rate;
    const size = abs(velocity);
    store<f64>(speed + o, size);
    top = f64x2.pmax(top, f64x2.splat(size)); // pmax(x, y): y where x < y, without a branch
  }
  // the second stage's last two values, r(n - 2) and r(n - 1), in lane 1 of two more steps (lane 0 is not used)
  for (let t = n; t < n + 2; t++) {
    const input = v128.shuffle<f64>(out2, out2, 0, 0); // q(t-2) in lane 1
    const qr = generalStages(lanes, input, in1, in2, out1, out2);
    in2 = in1;
    in1 = input;
    out2 = out1;
    out1 = qr;
    store<f64>(iso + (<usize>t << 3) - 16, f64x2.extract_lane(qr, 1));
  }
  return f64x2.extract_lane(top, 0);
}

/** Wk's general stages in the vertical pass's lanes: the first at t (lane 0), the second at t - 2 (lane 1). */
@inline
function generalStages(lanes: usize, input: v128, in1: v128, in2: v128, out1: v128, out2: v128): v128 {
  const weighed = weigh(v128.load(lanes, B0), input, v128.load(lanes, B1), in1, v128.load(lanes, B2), in2);
  return feedback(weighed, v128.load(lanes, C1), out1, v128.load(lanes, C2), out2);
}

/**
 * x and y over [0, end) through the horizontal cascade (fused-passes.ts, horizontalBlock), x in lane 0 and y in
 * lane 1. k: the cascade's 11 coefficients at HORIZONTAL (ha1, ha2, pa1, pa2, la1, la2, qb0, qb1, qb2, qa1, qa2).
 * Writes each axis's ISO and low-pass readings.
 */
export function horizontal(
  x: usize,
  y: usize,
  end: i32,
  restX: f64,
  restY: f64,
  k: usize,
  isoX: usize,
  isoY: usize,
  lowX: usize,
  lowY: usize,
): void {
  const lanes = k + HORIZONTAL_LANES;
  for (let c = 0; c < 11; c++) v128.store(lanes + (<usize>c << 4), v128.load64_splat(k + HORIZONTAL + (<usize>c << 3)));
  const rest = pair(restX, restY);
  const zero = f64x2.splat(0);
  let v1 = zero;
  let d1 = zero;
  let h1 = zero;
  let h2 = zero;
  let s1 = zero;
  let p1 = zero;
  let p2 = zero;
  let q1 = zero;
  let q2 = zero;
  let l1 = zero;
  let l2 = zero;
  for (let i = 0; i < end; i++) {
    const f = <usize>i << 2;
    const v = f64x2.sub(pair(<f64>load<f32>(x + f), <f64>load<f32>(y + f)), rest);
    const d = f64x2.sub(v, v1);
    const h = feedback(f64x2.sub(d, d1), v128.load(lanes, HA1), h1, v128.load(lanes, HA2), h2);
    const s = f64x2.add(h, h1);
    const sum = f64x2.add(s, s1);
    const p = feedback(sum, v128.load(lanes, PA1), p1, v128.load(lanes, PA2), p2);
    const l = feedback(sum, v128.load(lanes, LA1), l1, v128.load(lanes, LA2), l2);
    const weighed = weigh(v128.load(lanes, QB0), p, v128.load(lanes, QB1), p1, v128.load(lanes, QB2), p2);
    const q = feedback(weighed, v128.load(lanes, QA1), q1, v128.load(lanes, QA2), q2);
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
    const o = <usize>i << 3;
    store<f64>(isoX + o, f64x2.extract_lane(q, 0));
    store<f64>(isoY + o, f64x2.extract_lane(q, 1));
    store<f64>(lowX + o, f64x2.extract_lane(l, 0));
    store<f64>(lowY + o, f64x2.extract_lane(l, 1));
  }
}

/** The scan's state that changes only where a half-cycle closes (halfCycles and its helpers). */
let scanOut: usize = 0;
let scanGain: f64 = 0;
let scanCount: i32 = 0;
let scanTop: f64 = 0;
let scanLast: f64 = 0;
let scanSign: f64 = 0;

/** A half-cycle closes with this peak: kept at its count, and its pair with the last one compared. */
@inline
function close(peak: f64): void {
  store<f64>(scanOut + (<usize>scanCount << 3), peak);
  scanCount++;
  const p = scanGain * peak;
  if (scanLast + p > scanTop) scanTop = scanLast + p;
  scanLast = p;
  scanSign = -scanSign;
}

/** One value into the scan (fused-passes.ts, scanPeaks): the half-cycle's peak after it. */
@inline
function step(v: f64, peak: f64): f64 {
  const size = abs(v);
  // a zero neither closes a half-cycle nor raises its peak
  if (v * scanSign < 0) {
    close(peak);
    return size;
  }
  return size > peak ? size : peak;
}

/** The larger lane of a vector (pmax(x, y): y where x < y). */
@inline
function larger(v: v128): f64 {
  return f64x2.extract_lane(f64x2.pmax(v, v128.shuffle<f64>(v, v, 1, 0)), 0);
}

/**
 * The half-cycles of gain × values[start, end) (fused-passes.ts, scanPeaks and scanMaxPair): their peaks (of the
 * values, without the gain) into `out`, and the largest sum of two adjacent ones (times the gain) at `pair`;
 * returns the count of peaks.
 *
 * Half-cycles are long beside a sample (tens of samples in a ride), so the scan takes four samples at a time: where
 * none of them closes the half-cycle (has the other sign; a zero never does), the half-cycle's peak is the largest
 * of their sizes, kept lane by lane (the largest of a set does not depend on the order it is read in). Where one
 * does and none after it goes back to the first sign (nearly always), the four are split at it with masks;
 * otherwise they are taken one by one.
 */
export function halfCycles(values: usize, start: i32, end: i32, gain: f64, out: usize, pair: usize): i32 {
  scanOut = out;
  scanGain = gain;
  scanCount = 0;
  scanTop = 0;
  scanLast = -Infinity;
  scanSign = 0;
  let peak: f64 = 0;
  let i = start;
  // zeros before the first half-cycle belong to none
  for (; i < end && scanSign == 0; i++) {
    const v = load<f64>(values + (<usize>i << 3));
    if (v != 0) {
      scanSign = v > 0 ? 1 : -1;
      peak = abs(v);
    }
  }
  let signs = f64x2.splat(scanSign);
  let peaks = f64x2.splat(peak);
  const zero = f64x2.splat(0);
  const first = f64x2(0, 1);
  const second = f64x2(2, 3);
  for (; i + 4 <= end; i += 4) {
    const at = values + (<usize>i << 3);
    const a = v128.load(at);
    const b = v128.load(at, 16);
    const sizeA = f64x2.abs(a);
    const sizeB = f64x2.abs(b);
    const closesA = f64x2.lt(f64x2.mul(a, signs), zero);
    const closesB = f64x2.lt(f64x2.mul(b, signs), zero);
    if (!v128.any_true(v128.or(closesA, closesB))) {
      peaks = f64x2.pmax(peaks, f64x2.pmax(sizeA, sizeB));
      continue;
    }
    // the first value that closes, and whether any after it has the first sign (closing the next half-cycle)
    const j = f64x2.splat(<f64>ctz(i64x2.bitmask(closesA) | (i64x2.bitmask(closesB) << 2)));
    const beforeA = f64x2.lt(first, j);
    const beforeB = f64x2.lt(second, j);
    const backA = v128.and(f64x2.gt(f64x2.mul(a, signs), zero), f64x2.gt(first, j));
    const backB = v128.and(f64x2.gt(f64x2.mul(b, signs), zero), f64x2.gt(second, j));
    if (!v128.any_true(v128.or(backA, backB))) {
      close(larger(f64x2.pmax(peaks, f64x2.pmax(v128.and(sizeA, beforeA), v128.and(sizeB, beforeB)))));
      peaks = f64x2.pmax(v128.andnot(sizeA, beforeA), v128.andnot(sizeB, beforeB));
    } else {
      peak = larger(peaks);
      for (let k = 0; k < 4; k++) peak = step(load<f64>(at + (<usize>k << 3)), peak);
      peaks = f64x2.splat(peak);
    }
    signs = f64x2.splat(scanSign);
  }
  peak = larger(peaks);
  for (; i < end; i++) peak = step(load<f64>(values + (<usize>i << 3)), peak);
  if (scanSign != 0) close(peak);
  store<f64>(pair, scanTop);
  return scanCount;
}
