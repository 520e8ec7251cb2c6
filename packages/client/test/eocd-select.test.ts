import { describe, expect, it } from 'vitest';
import { halfCyclePeaks, peakToPeak, selectKth } from '../src/eocd/metrics.js';

let seed = 7;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

describe('A95 by selection', () => {
  it('selectKth gives what a sort puts at k, with duplicates, sorted and reversed input too', () => {
    for (const n of [1, 2, 3, 10, 101, 1000, 4097]) {
      const inputs = [
        Float64Array.from({ length: n }, () => random()),
        Float64Array.from({ length: n }, () => Math.floor(random() * 5)),
        Float64Array.from({ length: n }, (_, i) => i),
        Float64Array.from({ length: n }, (_, i) => n - i),
        new Float64Array(n).fill(0.25),
      ];
      for (const values of inputs) {
        const sorted = Float64Array.from(values).sort();
        for (const k of new Set([0, n - 1, Math.ceil(0.95 * n) - 1, n >> 1]))
          expect(selectKth(Float64Array.from(values), k), `n ${n} k ${k}`).toBe(sorted[k]);
      }
    }
  });

  it('peakToPeak’s A95 is the sorted nearest-rank value, and without A95 the same maximum', () => {
    const signal = Float64Array.from({ length: 20_000 }, () => random() - 0.5);
    const peaks = halfCyclePeaks(signal);
    const values = Float64Array.from({ length: peaks.length - 1 }, (_, i) => peaks[i]! + peaks[i + 1]!).sort();
    const p = peakToPeak(signal);
    expect(p.a95).toBe(values[Math.ceil(0.95 * values.length) - 1]);
    expect(p.max).toBe(values[values.length - 1]);
    expect(peakToPeak(signal, false)).toEqual({ max: p.max, a95: 0, count: p.count });
  });
});
