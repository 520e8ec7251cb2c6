/**
 * Ride-quality metrics of one elevator run (ISO 18738-1), pure and allocation-light: the server's ingest, the
 * bench and the console's waveform use the same code.
 *
 * - ISO reading: each axis frequency weighted as ISO 18738-1 asks (ISO 2631-1 weighting Wd for the horizontal
 *   axes x and y, Wk for the vertical axis z; each the band-limiting high-pass 0.4 Hz and low-pass 100 Hz,
 *   the acceleration-velocity transition and, for Wk, the upward step), then the peak-to-peak values.
 * - Low-pass reading (the EOCD threshold's "low-pass" values): a 2nd-order Butterworth low-pass at the threshold's
 *   cut-off (lowPassHz) and the same 0.4 Hz band-limiting high-pass (which takes gravity and the slow ride
 *   profile out), then the maximum peak-to-peak.
 *
 * Peak-to-peak (ISO 18738-1): between two zero crossings of the filtered signal lies one peak, the largest
 * magnitude there; a peak-to-peak value is the sum of the magnitudes of two adjacent peaks (of opposite sign).
 * The maximum peak-to-peak is the largest of them; A95 is the value that 95 % of them do not exceed (nearest
 * rank). Filters are causal (as an instrument's), each realised by the bilinear transform prewarped at its
 * characteristic frequency. Before filtering each axis has its value at rest (the mean of the first 0.25 s,
 * when the car stands) taken away, so gravity does not ring through the high-pass as a step. Filters run over the
 * whole record; peaks are read only between the boundaries of constant speed (evaluationWindow). A run's metrics are
 * computed in one fused pass per axis (run-metrics.ts), the same arithmetic as these building blocks.
 */

/** One 2nd-order section: y = b0 x + b1 x1 + b2 x2 - a1 y1 - a2 y2. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * The analog section (n0 + n1 s + n2 s²) / (d0 + d1 s + d2 s²) turned digital at `sampleRate` by the bilinear
 * transform, prewarped at `prewarpHz` (its response is exact there).
 */
export function bilinear(
  num: readonly [number, number, number],
  den: readonly [number, number, number],
  sampleRate: number,
  prewarpHz: number,
): Biquad {
  const w = 2 * Math.PI * prewarpHz;
  const k = prewarpHz > 0 && prewarpHz < sampleRate / 2 ? w / Math.tan(w / (2 * sampleRate)) : 2 * sampleRate;
  const k2 = k * k;
  const c = (p: readonly [number, number, number]) =>
    [p[0] + p[1] * k + p[2] * k2, 2 * p[0] - 2 * p[2] * k2, p[0] - p[1] * k + p[2] * k2] as const;
  const [b0, b1, b2] = c(num);
  const [a0, a1, a2] = c(den);
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** An analog section as its coefficients (ascending powers of s), with the frequency it is prewarped at. */
export interface AnalogSection {
  num: readonly [number, number, number];
  den: readonly [number, number, number];
  hz: number;
}

const TAU = 2 * Math.PI;
const Q_BUTTERWORTH = Math.SQRT1_2;

/** 2nd-order Butterworth low-pass at `hz` (−3 dB there). */
export const butterworthLowPass = (hz: number): AnalogSection => {
  const w = TAU * hz;
  return { num: [w * w, 0, 0], den: [w * w, w / Q_BUTTERWORTH, 1], hz };
};

/** 2nd-order Butterworth high-pass at `hz`. */
export const butterworthHighPass = (hz: number): AnalogSection => {
  const w = TAU * hz;
  return { num: [0, 0, 1], den: [w * w, w / Q_BUTTERWORTH, 1], hz };
};

/** ISO 2631-1 Table 3 parameters of a weighting (f5, f6 absent: no upward step). */
interface WeightingParams {
  f3: number;
  f4: number;
  q4: number;
  f5?: number;
  q5?: number;
  f6?: number;
  q6?: number;
}
export const WEIGHTING_PARAMS = {
  /** Vertical (z). */
  Wk: { f3: 12.5, f4: 12.5, q4: 0.63, f5: 2.37, q5: 0.91, f6: 3.35, q6: 0.91 },
  /** Horizontal (x, y). */
  Wd: { f3: 2.0, f4: 2.0, q4: 0.63 },
} as const satisfies Record<string, WeightingParams>;
export type Weighting = keyof typeof WEIGHTING_PARAMS;

/** ISO 2631-1 band limiting: high-pass f1 = 0.4 Hz, low-pass f2 = 100 Hz, both Butterworth. */
export const BAND_LIMIT_HZ = { low: 0.4, high: 100 } as const;

/** The analog sections of a weighting, band limiting included, as ISO 2631-1 writes them. */
export function weightingSections(name: Weighting, sampleRate: number): AnalogSection[] {
  const p: WeightingParams = WEIGHTING_PARAMS[name];
  const sections = [butterworthHighPass(BAND_LIMIT_HZ.low)];
  // the 100 Hz band limit only where the sample rate can carry it; below, the signal holds nothing above it
  if (BAND_LIMIT_HZ.high < sampleRate / 2) sections.push(butterworthLowPass(BAND_LIMIT_HZ.high));
  const w3 = TAU * p.f3;
  const w4 = TAU * p.f4;
  sections.push({ num: [1, 1 / w3, 0], den: [1, 1 / (p.q4 * w4), 1 / (w4 * w4)], hz: p.f4 });
  if (p.f5 !== undefined && p.f6 !== undefined) {
    const w5 = TAU * p.f5;
    const w6 = TAU * p.f6;
    // (s² + s·ω5/Q5 + ω5²) / (s² + s·ω6/Q6 + ω6²): (ω5/ω6)² at rest, 1 at high frequencies
    const r = (w5 * w5) / (w6 * w6);
    sections.push({
      num: [r, r / (p.q5! * w5), r / (w5 * w5)],
      den: [1, 1 / (p.q6! * w6), 1 / (w6 * w6)],
      hz: p.f5,
    });
  }
  return sections;
}

/** |H(j2πf)| of analog sections in cascade: the documented response the digital filter follows. */
export function analogGain(sections: readonly AnalogSection[], hz: number): number {
  const w = TAU * hz;
  let gain = 1;
  for (const { num, den } of sections) {
    // n0 + n1 jw + n2 (jw)² = (n0 - n2 w²) + j n1 w
    const nr = num[0] - num[2] * w * w;
    const ni = num[1] * w;
    const dr = den[0] - den[2] * w * w;
    const di = den[1] * w;
    gain *= Math.hypot(nr, ni) / Math.hypot(dr, di);
  }
  return gain;
}

/** The low-pass reading's sections: Butterworth at `lowPassHz`, and the 0.4 Hz band-limiting high-pass. */
export const lowPassSections = (lowPassHz: number, sampleRate: number): AnalogSection[] => [
  butterworthHighPass(BAND_LIMIT_HZ.low),
  ...(lowPassHz < sampleRate / 2 ? [butterworthLowPass(lowPassHz)] : []),
];

export const digital = (sections: readonly AnalogSection[], sampleRate: number): Biquad[] =>
  sections.map((s) => bilinear(s.num, s.den, sampleRate, s.hz));

/** How long the car is taken to stand at the start of a run (its value at rest is their mean). */
export const REST_SECONDS = 0.25;

/**
 * How a section is run. A Butterworth section's numerator is g·(1 ± z⁻¹)² (bilinear gives b1 = ±2·b0 and b2 = b0
 * exactly): it runs without its gain g, its numerator as a sum of sums (low-pass: s = x + x1, s + s1) or a
 * difference of differences (high-pass: d = x − x1, d − d1), two multiplications instead of five. The gains carried
 * so far are multiplied into the next general section's numerator, and what is left after the last section is the
 * cascade's output gain. The same transfer function as the sections one by one; only the rounding differs.
 */
export type StageShape = 'lowPass' | 'highPass' | 'general';
export interface Stage extends Biquad {
  shape: StageShape;
}
export interface Realised {
  stages: Stage[];
  /** The output is gain × the last stage's output. */
  gain: number;
}

export function realise(biquads: readonly Biquad[]): Realised {
  let carry = 1;
  const stages = biquads.map(({ b0, b1, b2, a1, a2 }): Stage => {
    const butterworth = b2 === b0 && (b1 === 2 * b0 || b1 === -2 * b0) && b0 > 0;
    if (butterworth) {
      carry *= b0;
      return { shape: b1 > 0 ? 'lowPass' : 'highPass', b0: 1, b1: b1 > 0 ? 2 : -2, b2: 1, a1, a2 };
    }
    const g = carry;
    carry = 1;
    return { shape: 'general', b0: g * b0, b1: g * b1, b2: g * b2, a1, a2 };
  });
  return { stages, gain: carry };
}

/**
 * `signal` less `rest` through the stages, the first `n` samples into `out` (the output gain not applied): the
 * arithmetic every realised cascade follows (run-metrics.ts runs the same in its fused passes).
 */
export function runStages(
  signal: ArrayLike<number>,
  rest: number,
  stages: readonly Stage[],
  out: Float64Array,
  n: number,
): void {
  for (let i = 0; i < n; i++) out[i] = signal[i]! - rest;
  for (const { shape, b0, b1, b2, a1, a2 } of stages) {
    let x1 = 0; // the previous input (general, shaped) and the one before (general)
    let x2 = 0;
    let s1 = 0; // the previous sum or difference (shaped)
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < n; i++) {
      const x = out[i]!;
      let y: number;
      if (shape === 'lowPass') {
        const s = x + x1;
        y = s + s1 - a1 * y1 - a2 * y2;
        s1 = s;
      } else if (shape === 'highPass') {
        const d = x - x1;
        y = d - s1 - a1 * y1 - a2 * y2;
        s1 = d;
      } else y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
  }
}

/** The mean of the first `count` values (0 when there are none): an axis's value at rest. */
export function restValue(signal: ArrayLike<number>, count: number): number {
  const m = Math.min(count, signal.length);
  let rest = 0;
  for (let i = 0; i < m; i++) rest += signal[i]!;
  return m > 0 ? rest / m : 0;
}

/** The signal with its value at rest taken away and run through the sections (realised); a new array. */
export function applyFilter(signal: ArrayLike<number>, biquads: readonly Biquad[], restSamples = 0): Float64Array {
  const n = signal.length;
  const out = new Float64Array(n);
  const { stages, gain } = realise(biquads);
  runStages(signal, restValue(signal, restSamples), stages, out, n);
  for (let i = 0; i < n; i++) out[i] = gain * out[i]!;
  return out;
}

/** Maximum and A95 peak-to-peak of a signal (already filtered); zeros when it has fewer than two peaks. */
export interface PeakToPeak {
  max: number;
  a95: number;
  /** How many peak-to-peak values there were. */
  count: number;
}

/** The peaks between zero crossings (magnitudes, in order). */
export function halfCyclePeaks(signal: ArrayLike<number>): Float64Array {
  const n = signal.length;
  const peaks = new Float64Array(Math.max(1, n));
  let count = 0;
  let sign = 0;
  let peak = 0;
  for (let i = 0; i < n; i++) {
    const v = signal[i]!;
    const s = v > 0 ? 1 : v < 0 ? -1 : 0;
    if (s === 0) continue;
    if (s !== sign) {
      if (sign !== 0) peaks[count++] = peak;
      sign = s;
      peak = 0;
    }
    const a = v < 0 ? -v : v;
    if (a > peak) peak = a;
  }
  if (sign !== 0) peaks[count++] = peak;
  return peaks.subarray(0, count);
}

/**
 * The k-th smallest of `values` (0-based), by selection (Hoare's quickselect, median-of-three pivots): the same
 * value a sort would put at k, in linear time on average. Reorders `values`.
 */
export function selectKth(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three as the pivot
    const a = values[lo]!;
    const b = values[mid]!;
    const c = values[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}

/**
 * The peak-to-peak values' maximum and A95 (nearest rank: the ⌈0.95·n⌉-th smallest, found by selection, not a
 * sort). `withA95` false skips it (a95 0): the low-pass readings need only the maximum.
 */
export function peakToPeak(signal: ArrayLike<number>, withA95 = true): PeakToPeak {
  const peaks = halfCyclePeaks(signal);
  const count = Math.max(0, peaks.length - 1);
  if (count === 0) return { max: 0, a95: 0, count: 0 };
  let max = 0;
  if (!withA95) {
    for (let i = 0; i < count; i++) {
      const v = peaks[i]! + peaks[i + 1]!;
      if (v > max) max = v;
    }
    return { max, a95: 0, count };
  }
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const v = peaks[i]! + peaks[i + 1]!;
    values[i] = v;
    if (v > max) max = v;
  }
  return { max, a95: selectKth(values, Math.ceil(0.95 * count) - 1), count };
}
