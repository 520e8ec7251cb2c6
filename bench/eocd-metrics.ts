/**
 * EOCD metrics: 1,000 runs of 60 s at 256 Hz on three axes (x, y, z), beside one plain pass over the same typed
 * arrays in the same run (each sample read once, its axis's largest and smallest kept). Prints runs a second of
 * each and their ratio (aim: at least 0.3); and the JavaScript passes' figure beside the SIMD ones the server uses. `--short`: 100 runs. `--cpu`: each side timed by the process's CPU time
 * instead of the clock, so that other processes on a shared machine do not count against the side they interrupt.
 */
import { runFilters, runMetrics } from '@liftcloud/client';
import { simulateRide } from '@liftcloud/simulator';

const RUNS = process.argv.includes('--short') ? 100 : 1000;
const RATE = 256;
const DISTINCT = 20;

let seed = 11;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
// 60 s rides (about 100 m of travel at 1.75 m/s), a few distinct ones reused: the arrays are what both sides read
const rides = Array.from({ length: DISTINCT }, (_, i) =>
  simulateRide({ rate: RATE, distance: 100, fault: i % 3 === 0 ? 'wornRail' : 'none', random }),
);
console.log(
  `${RUNS} runs of ${rides[0]!.seconds.toFixed(1)} s at ${RATE} Hz, 3 axes (${rides[0]!.x.length} samples each)`,
);

function plainPass(): number {
  let sink = 0;
  for (let r = 0; r < RUNS; r++) {
    const ride = rides[r % DISTINCT]!;
    for (const a of [ride.x, ride.y, ride.z]) {
      let min = Infinity;
      let max = -Infinity;
      for (let i = 0; i < a.length; i++) {
        const v = a[i]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      sink += max - min;
    }
  }
  return sink;
}

const filters = runFilters(RATE, 10);
const metricsBy = (lanes: boolean) => (): number => {
  let sink = 0;
  for (let r = 0; r < RUNS; r++) sink += runMetrics(rides[r % DISTINCT]!, filters, { lanes }).horizontal.isoPeakToPeak;
  return sink;
};
const metrics = metricsBy(true);
const scalar = metricsBy(false);

const time = process.argv.includes('--cpu')
  ? (f: () => number) => {
      const c = process.cpuUsage();
      f();
      const d = process.cpuUsage(c);
      return (d.user + d.system) / 1e6;
    }
  : (f: () => number) => {
      const t0 = process.hrtime.bigint();
      f();
      return Number(process.hrtime.bigint() - t0) / 1e9;
    };
// warm both up, then alternate three rounds each and keep each side's best
time(plainPass);
time(metrics);
time(scalar);
let plain = Infinity;
let ours = Infinity;
let js = Infinity;
for (let i = 0; i < 3; i++) {
  plain = Math.min(plain, time(plainPass));
  ours = Math.min(ours, time(metrics));
  js = Math.min(js, time(scalar));
}
console.log(`plain pass: ${(RUNS / plain).toFixed(0)} runs/s`);
console.log(`ISO 18738-1 metrics (SIMD lanes, as the server runs them): ${(RUNS / ours).toFixed(0)} runs/s`);
console.log(
  `ISO 18738-1 metrics (JavaScript passes): ${(RUNS / js).toFixed(0)} runs/s, ratio ${(plain / js).toFixed(3)}`,
);
console.log(`ratio: ${(plain / ours).toFixed(3)} (aim ≥ 0.3)`);
