/**
 * EOCD runs from many gateways at once beside B1's alarms (issue 18): alarms at a steady rate from 10 gateways,
 * first alone, then while every run gateway uploads its 60 s runs at 256 Hz (three axes, about 123 KB of JSON
 * each) at the same moment. The run gateways are in a process of their own (bench/lib/run-uploader.ts), as
 * gateways are devices apart from the server: in this process their MQTT clients took the server's core. Prints each phase's alarm publish → console p50 / p99 (aim: p99 under 100 ms while
 * the runs arrive) with the event loop's longest holds, the runs stored a second, and the machine's load.
 *
 *   npx tsx bench/eocd-ingest.ts           # 200 gateways, 2 runs each
 *   npx tsx bench/eocd-ingest.ts --short   # 50 gateways, 1 run each
 */
import { SIM_SAMPLE_SCALE, simulateRide } from '@liftcloud/simulator';
import { packSamples, upTopic } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LooseDB } from '../packages/server/src/store/repository.js';
import { startPipeline } from './lib/pipeline.js';
import type { UploaderReply, UploaderSetup } from './lib/run-uploader.js';
import { summarise } from './lib/stats.js';

const short = process.argv.includes('--short');
const RUN_GATEWAYS = short ? 50 : 200;
const RUNS_EACH = short ? 1 : 2;
const ALARM_GATEWAYS = 10;
const ALARMS_PER_SECOND = 50;
const QUIET_MS = short ? 3000 : 6000;
const RATE = 256;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long the event loop (which carries the ingest, the broker, the bench's gateways and console) was held in a
 * phase: a long hold is work on the loop; a long alarm latency without one is the process waiting for a core.
 */
function loopDelay() {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  return () => {
    h.disable();
    return { p99: Math.round(h.percentile(99) / 1e6), max: Math.round(h.max / 1e6) };
  };
}

let seed = 3;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const packed = Array.from({ length: 8 }, (_, i) =>
  packSamples(
    simulateRide({ rate: RATE, distance: 100, fault: i % 4 === 0 ? 'wornRail' : 'none', random }),
    SIM_SAMPLE_SCALE,
  ),
);

/** The next reply of the uploader process. */
async function reply(child: ChildProcess): Promise<UploaderReply> {
  const [m] = (await once(child, 'message')) as [UploaderReply];
  return m;
}

async function main() {
  // one more gateway here for the warm-up run
  const p = await startPipeline(ALARM_GATEWAYS + 1 + RUN_GATEWAYS, ALARM_GATEWAYS + 1);
  const alarmers = p.gateways.slice(0, ALARM_GATEWAYS);
  const warmer = p.gateways[ALARM_GATEWAYS]!;
  const uploader = fork(new URL('./lib/run-uploader.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const setup: UploaderSetup = {
    url: p.mqttUrl,
    gateways: p.members.slice(ALARM_GATEWAYS + 1).map((m) => ({ dtu: m.dtu, secret: m.secret })),
    runsEach: RUNS_EACH,
    rate: RATE,
    scale: SIM_SAMPLE_SCALE,
    packed,
  };
  uploader.send({ setup });
  await reply(uploader);
  const dtu = (i: number) => p.members[i]!.dtu;
  let sentAlarms = 0;
  let alarmId = 0; // never reset: a repeated message id is a duplicate, stored once

  /** Alarms from each alarm gateway at its share of the rate until `stop()` is true. */
  const alarms = (stop: () => boolean) =>
    Promise.all(
      alarmers.map(async (g, gi) => {
        while (!stop()) {
          sentAlarms++;
          void g.publishAsync(
            upTopic(dtu(gi), 'alarm'),
            JSON.stringify({ id: `a${alarmId++}`, ts: Date.now(), type: 2 }),
            {
              qos: 1,
            },
          );
          await pause((1000 * ALARM_GATEWAYS) / ALARMS_PER_SECOND);
        }
      }),
    );
  /** Until every alarm sent so far has reached the console (or 10 s have passed). */
  const settle = async () => {
    for (let t = 0; t < 100 && p.alarmLatency.length < sentAlarms; t++) await pause(100);
  };

  // warm-up: one run and a few alarms through the whole path
  await warmer.publishAsync(
    upTopic(dtu(ALARM_GATEWAYS), 'vibration'),
    JSON.stringify({ id: 'warm', ts: Date.now(), rate: RATE, scale: SIM_SAMPLE_SCALE, samples: packed[0] }),
    { qos: 1 },
  );
  let warm = Date.now() + 1000;
  await alarms(() => Date.now() > warm);
  await settle();

  p.alarmLatency.length = 0;
  sentAlarms = 0;
  warm = Date.now() + QUIET_MS;
  let t0 = performance.now();
  let loop = loopDelay();
  await alarms(() => Date.now() > warm);
  await settle();
  const alone = { ...summarise(p.alarmLatency, performance.now() - t0), sent: sentAlarms, loopDelayMs: loop() };

  p.alarmLatency.length = 0;
  sentAlarms = 0;
  let uploading = true;
  t0 = performance.now();
  loop = loopDelay();
  const alarmsDuring = alarms(() => !uploading);
  uploader.send({ go: true });
  await reply(uploader);
  const uploadMs = performance.now() - t0;
  uploading = false;
  await alarmsDuring;
  await settle();
  const during = { ...summarise(p.alarmLatency, uploadMs), sent: sentAlarms, loopDelayMs: loop() };
  const stored = await (p.store.db as unknown as Kysely<LooseDB>)
    .selectFrom('eocdRuns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  const result = {
    date: new Date().toISOString().slice(0, 10),
    runGateways: setup.gateways.length,
    runGatewaysInOwnProcess: true,
    runsEach: RUNS_EACH,
    runBytes: packed[0]!.length,
    alarmsPerSecond: ALARMS_PER_SECOND,
    alarmsAlone: alone,
    alarmsWhileRunsArrive: during,
    runs: { stored: Number(stored.n) - 1, seconds: Math.round(uploadMs) / 1000 },
    runsPerSecond: Math.round(((setup.gateways.length * RUNS_EACH) / uploadMs) * 1000 * 10) / 10,
    load: loadavg().map((l) => Math.round(l * 10) / 10),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(new URL('./results/eocd-ingest.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  uploader.send({ close: true });
  await once(uploader, 'exit');
  await p.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
