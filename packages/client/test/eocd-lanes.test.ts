import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanMaxPair, scanPeaks } from '../src/eocd/fused-passes.js';
import { halfCyclesOf, lanesAvailable, loadRun } from '../src/eocd/lane-passes.js';
import { runFilters, runMetrics } from '../src/eocd/run-metrics.js';
import { base64ToBytes, packSamples, unpackBytes } from '../src/eocd/samples.js';
import { ride as rideOf, seeded } from './support/ride.js';

const random = seeded(7);
const ride = (rate: number, cruise: number, shake: number, n?: number) => rideOf(rate, cruise, shake, random, n);

/** Both paths' metrics of the same run: the SIMD passes (required) and the JavaScript ones. */
function bothWays(axes: { x: Float32Array; y: Float32Array; z: Float32Array }, rate: number, lowPassHz: number) {
  const f = runFilters(rate, lowPassHz);
  return { lanes: runMetrics(axes, f, { lanes: true }), js: runMetrics(axes, f, { lanes: false }) };
}

describe('EOCD metrics in SIMD lanes (WebAssembly)', () => {
  it('run here: Node has WebAssembly with SIMD, so the server measures through them', () => {
    expect(lanesAvailable()).toBe(true);
    expect(loadRun(new Float32Array(8), new Float32Array(8), new Float32Array(8))).not.toBeNull();
  });

  it('give the JavaScript passes’ metrics bit for bit, at the rates and cut-offs the fused passes take', () => {
    // 300 Hz is not a power of two (its speeds divide by the rate rather than multiply by an exact inverse)
    for (const [rate, lowPassHz] of [
      [256, 10],
      [256, 30],
      [300, 10],
      [512, 5],
    ] as const) {
      for (const shake of [0.02, 0.3]) {
        const { lanes, js } = bothWays(ride(rate, 12, shake), rate, lowPassHz);
        expect(lanes, `${rate} Hz, ${lowPassHz} Hz cut-off, shake ${shake}`).toEqual(js);
        expect(lanes.window[1] - lanes.window[0]).toBeGreaterThan(5 * rate);
        expect(lanes.z.isoA95).toBeGreaterThan(0);
      }
    }
  });

  it('runs after a longer run: the memory grows and a shorter run after it reads none of the longer one', () => {
    const long = ride(256, 40, 0.3);
    const short = ride(256, 8, 0.05);
    expect(bothWays(long, 256, 10).lanes).toEqual(bothWays(long, 256, 10).js);
    const { lanes, js } = bothWays(short, 256, 10);
    expect(lanes).toEqual(js);
  });

  it('agree at the edges: a car standing still, a flat record, records of a few samples, lengths off the blocks', () => {
    const still = { x: new Float32Array(515), y: new Float32Array(515), z: new Float32Array(515).fill(9.81) };
    for (let i = 0; i < 515; i++) still.x[i] = 0.1 * Math.sin(i / 3);
    const stillMetrics = bothWays(still, 256, 10);
    expect(stillMetrics.lanes.window).toEqual([0, 515]);
    expect(stillMetrics.lanes).toEqual(stillMetrics.js);
    expect(stillMetrics.lanes.x.isoPeakToPeak).toBeGreaterThan(0);
    // every value exactly its rest value: every reading is exactly zero, so there is no half-cycle at all
    const flat = { x: new Float32Array(300).fill(0.5), y: new Float32Array(300), z: new Float32Array(300).fill(9.81) };
    const flatMetrics = bothWays(flat, 256, 10);
    expect(flatMetrics.lanes).toEqual(flatMetrics.js);
    expect(flatMetrics.lanes.x).toEqual({ isoPeakToPeak: 0, isoA95: 0, lowPassPeakToPeak: 0 });
    for (const n of [1, 2, 3, 5, 7, 1027]) {
      const axes = ride(256, 2, 0.3, n);
      const { lanes, js } = bothWays(axes, 256, 10);
      expect(lanes, `${n} samples`).toEqual(js);
    }
  });

  it('take a run as the server stores it: the protocol’s packed samples, unpacked, go through the lanes', () => {
    // the measurement worker calls runMetrics on unpackBytes' axes: Float32Arrays of one length, which is what
    // the lanes need (where they did not, every server would quietly measure with the slower passes)
    const axes = ride(256, 10, 0.2);
    const unpacked = unpackBytes(base64ToBytes(packSamples(axes, 0.001))!, 0.001);
    const { lanes, js } = bothWays(unpacked, 256, 10);
    expect(lanes).toEqual(js);
    expect(lanes.x.isoPeakToPeak).toBeGreaterThan(0);
  });

  it('refuse to run, when asked to, what they cannot take: a Float64Array axis, axes of different lengths', () => {
    const f = runFilters(256, 10);
    const axes = ride(256, 4, 0.1);
    expect(() => runMetrics({ ...axes, x: Float64Array.from(axes.x) }, f, { lanes: true })).toThrow(/SIMD/);
    expect(() => runMetrics({ ...axes, y: axes.y.subarray(1) }, f, { lanes: true })).toThrow(/SIMD/);
    // by default such a run is measured by the JavaScript passes, with the same figures
    expect(runMetrics({ ...axes, x: Float64Array.from(axes.x) }, f)).toEqual(runMetrics(axes, f, { lanes: false }));
  });
});

describe('the half-cycle scan in lanes', () => {
  function scan(values: Float64Array, start: number, end: number, gain: number) {
    const { peaks, maxPair } = halfCyclesOf(values, start, end, gain)!;
    return { peaks: Array.from(peaks), maxPair };
  }

  function byJs(values: Float64Array, start: number, end: number, gain: number) {
    const out = new Float64Array(values.length + 1);
    const count = scanPeaks(values, start, end, out);
    return { peaks: Array.from(out.subarray(0, count)), maxPair: scanMaxPair(values, start, end, gain, out) };
  }

  it('finds the JavaScript scan’s peaks and largest pair: zeros anywhere, a crossing at each place of a block, crossings at every sample', () => {
    const cases: number[][] = [
      [],
      [0, 0, 0],
      [0, 0, 2, 0, -1],
      [1, 2, 3, 4, 5, 6, 7, 8, -1, -2],
      [1, -1, 1, -1, 1, -1, 1, -1, 1],
      [0, 1, 0, -2, 0, 3, 0, 0, -4, 0],
    ];
    // one crossing at each place j of the second block of four, then back again two blocks on
    for (let j = 0; j < 4; j++)
      cases.push(Array.from({ length: 16 }, (_, i) => (i < 4 + j || i >= 12 ? 1 + i : -1 - i)));
    // noise: long runs of one sign broken by short ones, zeros sprinkled in
    for (let c = 0; c < 40; c++) {
      let sign = 1;
      cases.push(
        Array.from({ length: 50 + Math.floor(random() * 400) }, () => {
          if (random() < 0.08) sign = -sign;
          return random() < 0.05 ? 0 : sign * random();
        }),
      );
    }
    for (const list of cases) {
      const values = Float64Array.from(list);
      for (const [start, end] of [
        [0, values.length],
        [Math.min(3, values.length), values.length],
        [Math.min(1, values.length), Math.max(Math.min(1, values.length), values.length - 2)],
      ] as const) {
        expect(scan(values, start, end, 0.7), `${list.slice(0, 12).join(' ')} [${start}, ${end})`).toEqual(
          byJs(values, start, end, 0.7),
        );
      }
    }
  });
});

describe('the compiled module', () => {
  it('is the compiled assembly/eocd-lanes.ts (build-wasm.mjs --check)', async () => {
    const script = fileURLToPath(new URL('../scripts/build-wasm.mjs', import.meta.url));
    await expect(promisify(execFile)(process.execPath, [script, '--check'])).resolves.toBeDefined();
  }, 60_000);
});
