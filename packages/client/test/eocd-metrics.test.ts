import { describe, expect, it } from 'vitest';
import {
  analogGain,
  applyFilter,
  digital,
  halfCyclePeaks,
  lowPassSections,
  peakToPeak,
  realise,
  weightingSections,
  butterworthLowPass,
  type Biquad,
} from '../src/eocd/metrics.js';
import { runFilters, runMetrics, overLimits } from '../src/eocd/run-metrics.js';
import { packSamples, unpackBytes, base64ToBytes } from '../src/eocd/samples.js';

const FS = 256;
const sine = (amplitude: number, hz: number, seconds: number, fs = FS, phase = 0) =>
  Float64Array.from(
    { length: Math.round(seconds * fs) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / fs + phase),
  );

/** Peak-to-peak of the steady part (the filter's start-up transient left out). */
const steady = (signal: Float64Array, skipSeconds: number, fs = FS) =>
  peakToPeak(signal.subarray(Math.round(skipSeconds * fs)));

describe('peak-to-peak (ISO 18738-1: adjacent half-cycle peaks)', () => {
  it('a pure sine of amplitude A has every peak-to-peak 2A', () => {
    // 4 Hz at 256 Hz: 64 samples a cycle, the crest falls on a sample
    const p = peakToPeak(sine(0.15, 4, 10));
    expect(p.max).toBeCloseTo(0.3, 6);
    expect(p.a95).toBeCloseTo(0.3, 6);
    expect(p.count).toBe(79); // 80 half-cycles, 79 adjacent pairs
  });

  it('a step has one half-cycle: no peak-to-peak', () => {
    const step = Float64Array.from({ length: 100 }, (_, i) => (i < 50 ? 0 : 1));
    expect(halfCyclePeaks(step)).toEqual(Float64Array.from([1]));
    expect(peakToPeak(step)).toEqual({ max: 0, a95: 0, count: 0 });
  });

  it('a known sequence of half-cycles: 100 peak-to-peak values 1..100 give A95 95 and max 100', () => {
    // peaks p0 = 0, p(k+1) = k + 1 - p(k) gives adjacent sums 1, 2, ... in some order
    const peaks: number[] = [0.25];
    for (let k = 1; k <= 100; k++) peaks.push(k - peaks[k - 1]!);
    // shuffle the pairs' order deterministically: the values themselves are what count
    const signal: number[] = [];
    peaks.forEach((p, i) =>
      signal.push(0.1 * (i % 2 ? -1 : 1), (i % 2 ? -1 : 1) * Math.abs(p), 0.1 * (i % 2 ? -1 : 1)),
    );
    const absPeaks = peaks.map((p) => Math.max(Math.abs(p), 0.1));
    const sums = absPeaks.slice(1).map((p, i) => p + absPeaks[i]!);
    const sorted = [...sums].sort((a, b) => a - b);
    const p = peakToPeak(signal);
    expect(p.count).toBe(100);
    expect(p.max).toBeCloseTo(Math.max(...sums), 9);
    expect(p.a95).toBeCloseTo(sorted[94]!, 9);
  });

  it('alternating noise of known magnitudes: 95 small swings and 5 large ones give A95 the small one', () => {
    // half-cycle peaks of 0.05 with every 20th pair raised: values 0.1 (95 of them) and 0.5 (5)
    const signal: number[] = [];
    for (let i = 0; i <= 100; i++) {
      const big = i % 20 === 10;
      signal.push((i % 2 ? -1 : 1) * (big ? 0.45 : 0.05));
    }
    const p = peakToPeak(signal);
    expect(p.count).toBe(100);
    expect(p.max).toBeCloseTo(0.5, 9);
    // 10 sums include a big peak (each big peak is in two pairs): 90 of 0.1, 10 of 0.5 → A95 = 0.5
    expect(p.a95).toBeCloseTo(0.5, 9);
    const fewer: number[] = [];
    for (let i = 0; i <= 100; i++) fewer.push((i % 2 ? -1 : 1) * (i === 50 ? 0.45 : 0.05));
    const q = peakToPeak(fewer);
    expect(q.max).toBeCloseTo(0.5, 9);
    expect(q.a95).toBeCloseTo(0.1, 9); // 2 of 100 values are large: 95 % do not exceed 0.1
  });
});

describe('filters follow their documented response', () => {
  it('Butterworth low-pass: gain 1 well below the cut-off, 1/√2 at it, 1/√(1+(f/fc)^4) in the analog form', () => {
    const fc = 10;
    const f = digital([butterworthLowPass(fc)], FS);
    for (const hz of [1, 4, 10, 20]) {
      const out = applyFilter(sine(1, hz, 8), f);
      const gain = steady(out, 4).max / 2;
      // prewarped at fc: exact at the cut-off, close below it
      expect(gain).toBeCloseTo(analogGain([butterworthLowPass(fc)], hz), hz === 10 ? 2 : 1);
    }
    expect(analogGain([butterworthLowPass(fc)], fc)).toBeCloseTo(Math.SQRT1_2, 9);
    expect(analogGain([butterworthLowPass(fc)], 2 * fc)).toBeCloseTo(1 / Math.sqrt(17), 9);
  });

  it('ISO 2631-1 weightings: the analog forms give the standard table values', () => {
    // ISO 8041: each weighting's value at its reference frequency 100 rad/s (15.915 Hz): Wk 0.7718, Wd 0.1261
    const ref = 100 / (2 * Math.PI);
    expect(analogGain(weightingSections('Wk', 1000), ref)).toBeCloseTo(0.7718, 3);
    expect(analogGain(weightingSections('Wd', 1000), ref)).toBeCloseTo(0.1261, 3);
  });

  it('the digital weighting passes a sine with the analog gain (within 3 % up to 20 Hz at 256 Hz)', () => {
    const sections = weightingSections('Wk', FS);
    const f = digital(sections, FS);
    for (const hz of [1, 2, 5, 8, 16]) {
      const out = applyFilter(sine(1, hz, 20), f);
      const gain = steady(out, 12).max / 2;
      expect(Math.abs(gain / analogGain(sections, hz) - 1)).toBeLessThan(0.03);
    }
  });

  it('realised cascades (Butterworth gains carried forward) give the sections one by one to rounding', () => {
    // each section in direct form with its own gain, as the filters were first run
    const directForm = (signal: Float64Array, biquads: readonly Biquad[]) => {
      let out = Float64Array.from(signal);
      for (const { b0, b1, b2, a1, a2 } of biquads) {
        let [x1, x2, y1, y2] = [0, 0, 0, 0];
        out = out.map((x) => {
          const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
          [x2, x1, y2, y1] = [x1, x, y1, y];
          return y;
        });
      }
      return out;
    };
    let seed = 3;
    const noise = Float64Array.from({ length: FS * 30 }, () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5);
    for (const biquads of [
      digital(weightingSections('Wd', FS), FS),
      digital(weightingSections('Wk', FS), FS),
      digital(lowPassSections(10, FS), FS),
    ]) {
      const want = directForm(noise, biquads);
      const got = applyFilter(noise, biquads);
      const scale = Math.max(...want.map(Math.abs));
      for (let i = 0; i < want.length; i++) expect(Math.abs(got[i]! - want[i]!)).toBeLessThan(1e-12 * scale);
    }
    const wk = realise(digital(weightingSections('Wk', FS), FS));
    expect(wk.stages.map((s) => s.shape)).toEqual(['highPass', 'lowPass', 'general', 'general']);
    expect(wk.gain).toBe(1); // the band limits' gains are in Wk's first general section
    const low = realise(digital(lowPassSections(10, FS), FS));
    expect(low.stages.map((s) => s.shape)).toEqual(['highPass', 'lowPass']);
    expect(low.gain).toBeCloseTo(
      digital(lowPassSections(10, FS), FS).reduce((g, b) => g * b.b0, 1),
      15,
    );
  });

  it('the rest value is taken away first: 1 g standing still gives no vibration', () => {
    const still = new Float64Array(FS * 5).fill(9.81);
    const out = applyFilter(still, digital(lowPassSections(10, FS), FS), Math.round(0.25 * FS));
    expect(Math.max(...out.map(Math.abs))).toBeLessThan(1e-9);
  });
});

describe('run metrics', () => {
  it('a 5 Hz horizontal sine of 0.1 m/s² and quiet vertical: horizontal pk-pk from the weighting, vertical ~0', () => {
    const n = FS * 20;
    const x = sine(0.1, 5, 20);
    const y = new Float64Array(n);
    const z = new Float64Array(n).fill(9.81);
    const filters = runFilters(FS, 10);
    const m = runMetrics({ x, y, z }, filters);
    const wd5 = analogGain(weightingSections('Wd', FS), 5);
    expect(m.horizontal.isoPeakToPeak).toBeGreaterThan(0.2 * wd5 * 0.97);
    expect(m.horizontal.isoPeakToPeak).toBeLessThan(0.2 * wd5 * 1.25); // the sine's sudden start overshoots a little
    expect(m.horizontal.isoA95).toBeCloseTo(0.2 * wd5, 2);
    expect(m.horizontal.lowPassPeakToPeak).toBeGreaterThan(0.2 * 0.9);
    expect(m.vertical.isoPeakToPeak).toBeLessThan(1e-9);
    expect(m.x).toEqual(m.horizontal);
  });

  it('overLimits names each metric over its limit with value and limit', () => {
    const axis = { isoPeakToPeak: 0.3, isoA95: 0.2, lowPassPeakToPeak: 0.25 };
    const quiet = { isoPeakToPeak: 0.01, isoA95: 0.01, lowPassPeakToPeak: 0.01 };
    const m = {
      x: axis,
      y: quiet,
      z: quiet,
      horizontal: axis,
      vertical: quiet,
      lowPassHz: 10,
      window: [0, 1] as [number, number],
    };
    const limits = {
      isoHorizontalPeakToPeak: 0.25,
      isoVerticalPeakToPeak: 0.3,
      isoHorizontalA95: 0.2,
      isoVerticalA95: 0.2,
      lowPassHorizontal: 0.2,
      lowPassVertical: 0.3,
    };
    expect(overLimits(m, limits)).toEqual([
      { metric: 'isoHorizontalPeakToPeak', value: 0.3, limit: 0.25 },
      { metric: 'lowPassHorizontal', value: 0.25, limit: 0.2 },
    ]);
  });
});

describe('packed samples', () => {
  it('round-trips three axes at the scale, through base64', () => {
    const axes = { x: [0, 0.5, -0.5], y: [1, -1, 0.001], z: [9.81, 9.8, 9.82] };
    const text = packSamples(axes, 0.001);
    expect(Buffer.from(text, 'base64').length).toBe(18);
    const back = unpackBytes(base64ToBytes(text)!, 0.001);
    expect(Array.from(back.z)).toEqual([9.81, 9.8, 9.82].map((v) => Math.fround(Math.round(v / 0.001) * 0.001)));
    expect(Array.from(back.x)).toEqual([0, 0.5, -0.5].map((v) => Math.fround(v)));
    expect(base64ToBytes('abc')).toBeNull();
    expect(base64ToBytes('ab!d')).toBeNull();
  });
});
