import { describe, expect, it } from 'vitest';
import { applyFilter, butterworthLowPass, digital, peakToPeak, REST_SECONDS } from '../src/eocd/metrics.js';
import {
  CONSTANT_SPEED_SHARE,
  MIN_TRAVEL_SPEED,
  SETTLE_SECONDS,
  evaluationWindow,
  runFilters,
  runMetrics,
  type RunFilters,
} from '../src/eocd/run-metrics.js';
import { ride as rideOf, seeded } from './support/ride.js';

const random = seeded(5);
const ride = (rate: number, cruise: number, shake: number, n?: number) => rideOf(rate, cruise, shake, random, n);

/** evaluationWindow as it was first written: a filtered copy, a speed array. */
function windowByArrays(z: ArrayLike<number>, rate: number): [number, number] {
  const acc = applyFilter(
    z,
    digital([butterworthLowPass(Math.min(10, rate / 4))], rate),
    Math.round(REST_SECONDS * rate),
  );
  let v = 0;
  let top = 0;
  const speed = acc.map((a) => {
    v += a / rate;
    top = Math.max(top, Math.abs(v));
    return Math.abs(v);
  });
  if (top < MIN_TRAVEL_SPEED) return [0, z.length];
  const start = speed.findIndex((s) => s >= CONSTANT_SPEED_SHARE * top);
  let end = z.length;
  while (end > start && speed[end - 1]! < CONSTANT_SPEED_SHARE * top) end--;
  const settle = Math.round(SETTLE_SECONDS * rate);
  return end - start > 4 * settle ? [start + settle, end - settle] : [start, end];
}

/** The metrics by their definition: each cascade over the whole record into its own array, then peakToPeak. */
function metricsByArrays(axes: { x: Float32Array; y: Float32Array; z: Float32Array }, f: RunFilters) {
  const [start, end] = windowByArrays(axes.z, f.sampleRate);
  const rest = Math.round(REST_SECONDS * f.sampleRate);
  const axis = (signal: Float32Array, weighting: typeof f.wd) => {
    const iso = peakToPeak(applyFilter(signal, weighting, rest).subarray(start, end));
    const low = peakToPeak(applyFilter(signal, f.lowPass, rest).subarray(start, end), false);
    return { isoPeakToPeak: iso.max, isoA95: iso.a95, lowPassPeakToPeak: low.max };
  };
  return { window: [start, end], x: axis(axes.x, f.wd), y: axis(axes.y, f.wd), z: axis(axes.z, f.wk) };
}

describe('run metrics in one fused pass', () => {
  it('give bit for bit what the filters one by one and peakToPeak give, at every rate and cut-off shape', () => {
    // 256 Hz: Wd and Wk with the 100 Hz band limit (the fused passes); 128 Hz: without it (the definition's own
    // functions); a cut-off at or above half the rate: the low-pass reading is the high-pass alone
    for (const [rate, lowPassHz] of [
      [256, 10],
      [256, 30],
      [128, 10],
      [128, 80],
    ] as const) {
      for (const shake of [0.02, 0.3]) {
        const axes = ride(rate, 20, shake);
        const f = runFilters(rate, lowPassHz);
        const fused = runMetrics(axes, f, { lanes: false });
        const byArrays = metricsByArrays(axes, f);
        expect(fused.window, `${rate} Hz`).toEqual(byArrays.window);
        expect(fused.window[1] - fused.window[0]).toBeGreaterThan(5 * rate);
        for (const a of ['x', 'y', 'z'] as const) {
          expect(fused[a], `${rate} Hz, ${lowPassHz} Hz cut-off, axis ${a}`).toEqual(byArrays[a]);
          expect(fused[a].isoA95).toBeGreaterThan(0);
          expect(fused[a].lowPassPeakToPeak).toBeGreaterThan(0);
        }
      }
    }
  });

  it('a record where the car stands is evaluated whole, the same as by arrays', () => {
    const still = { x: new Float32Array(512), y: new Float32Array(512), z: new Float32Array(512).fill(9.81) };
    for (let i = 0; i < 512; i++) still.x[i] = 0.1 * Math.sin(i / 3);
    expect(evaluationWindow(still.z, 256)).toEqual([0, 512]);
    const f = runFilters(256, 10);
    const fused = runMetrics(still, f, { lanes: false });
    expect(fused.x).toEqual(metricsByArrays(still, f).x);
    expect(fused.x.isoPeakToPeak).toBeGreaterThan(0);
  });

  it('runs the fused passes where the cascades have their usual shape, the definition elsewhere', () => {
    // 256 Hz carries the 100 Hz band limit: the fused form; 128 Hz does not, nor does a cut-off at half the rate
    expect(runFilters(256, 10).horizontal?.coefficients).toHaveLength(11);
    expect(runFilters(256, 30).vertical?.coefficients).toHaveLength(16);
    expect(runFilters(128, 10).horizontal).toBeNull();
    expect(runFilters(256, 128).vertical).toBeNull();
  });
});
