/**
 * Webhook throughput: N alarms to 10 subscribing developers (10 deliveries each) on loopback, sent by the
 * webhook-deliveries job (signed, logged, order per elevator kept), beside a plain HTTP client posting the same
 * bodies to the same receiver, 16 at a time, in the same run. Ratio = plain time / delivery time (aim >= 0.5).
 * Then the latency: alarms committed at half the job's measured rate for --p99-seconds (default 10) while the
 * job runs on its own timer, as deployed; from each alarm's commit to its receipt by each subscriber, p50/p99.
 *
 *   npx tsx bench/webhooks.ts --alarms 10000     # the size
 *   npx tsx bench/webhooks.ts --alarms 200       # a short run
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEVELOPER_STATUS } from '@liftcloud/client';
import { buildApp } from '../packages/server/src/app.js';
import { WEBHOOK_DELIVERIES_JOB } from '../packages/server/src/jobs/webhook-deliveries.js';
import { benchStore } from './lib/store.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import { SecretBox } from '../packages/server/src/services/developers.js';
import { keyFromFile } from '../packages/server/src/services/share-links.js';
import { enqueueWebhooks } from '../packages/server/src/services/webhooks.js';
import type { LooseKysely } from '../packages/server/src/store/repository.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ALARMS = arg('--alarms', 10_000);
const SUBSCRIBERS = 10;
const ELEVATORS = 100;

const dir = mkdtempSync(join(tmpdir(), 'liftcloud-bench-hooks-'));
let received = 0;
let wanted = 0;
let done: () => void = () => {};
/** In the latency phase: each alarm's commit time (by its data.id), and every delivery's time from it. */
const committedAt = new Map<number, number>();
const latencies: number[] = [];
const rx = createServer((req, res) => {
  const chunks: Buffer[] = [];
  if (committedAt.size) req.on('data', (c: Buffer) => chunks.push(c));
  else req.resume();
  req.on('end', () => {
    res.statusCode = 204;
    res.end();
    if (chunks.length) {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } }).data.id;
      latencies.push(performance.now() - committedAt.get(id)!);
    }
    if (++received === wanted) done();
  });
});
await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
const keyFile = join(dir, 'developer-secret.key');
// a temporary SQLite file, or a schema of its own in the PostgreSQL of DATABASE_URL (dropped at the end)
const { store, dispose } = await benchStore('webhooks');
const app = await buildApp({
  store,
  uploadDir: join(dir, 'uploads'),
  jobs: { timer: false },
  webhooks: { targets: 'loopback' },
  developers: { secretKeyFile: keyFile },
  monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', sweepEveryMs: 3_600_000 },
});
const demo = (await seedDemo(store))!;
const db = store.db as unknown as LooseKysely;
const now = Date.now();
const unit = await db
  .selectFrom('useUnits')
  .select('id')
  .where('tenantId', '=', demo.tenants.demo)
  .executeTakeFirstOrThrow();
const lifts: number[] = [];
for (let i = 0; i < ELEVATORS; i++)
  lifts.push(
    Number(
      (
        await db
          .insertInto('elevators')
          .values({
            tenantId: demo.tenants.demo,
            orgId: demo.companies.demoRoot,
            name: `Bench ${i}`,
            elevatorType: 1,
            useStatus: 1,
            useUnitId: unit.id,
            createTime: now,
            updateTime: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    ),
  );
const box = new SecretBox(keyFromFile(keyFile));
for (let d = 0; d < SUBSCRIBERS; d++) {
  const dev = await db
    .insertInto('developers')
    .values({
      tenantId: demo.tenants.demo,
      code: `B${d}`,
      name: `Bench ${d}`,
      appKey: `ak_bench${d}`,
      status: DEVELOPER_STATUS.active,
      alarmPushUrl: `${url}/${d}`,
      subscribeAlarm: 1,
      secretEnc: box.seal('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I'),
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('developerUseUnits').values({ developerId: dev.id, useUnitId: unit.id }).execute();
}
await db.transaction().execute(async (trx) => {
  for (let i = 0; i < ALARMS; i++)
    await enqueueWebhooks(trx, {
      type: 'alarm.raised',
      tenantId: demo.tenants.demo,
      elevatorId: lifts[i % ELEVATORS]!,
      time: now + i,
      data: { id: i, type: 1, floor: 3 },
    });
});
const bodies = (await db.selectFrom('webhookDeliveries').select('payload').execute()).map((r) => String(r.payload));

// the plain client: the same bodies, 16 at a time, no signing, no store
wanted = bodies.length;
received = 0;
let t0 = performance.now();
await new Promise<void>((resolve) => {
  done = resolve;
  let next = 0;
  const post = () => {
    const i = next++;
    if (i >= bodies.length) return;
    const req = request(`${url}/plain`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', post);
    });
    req.end(bodies[i]);
  };
  for (let k = 0; k < 16; k++) post();
});
const plainMs = performance.now() - t0;

// the deliveries job, run back to back until every delivery is acknowledged
received = 0;
t0 = performance.now();
const all = new Promise<void>((r) => (done = r));
let finished = false;
void all.then(() => (finished = true));
while (!finished) await app.jobs.runNow(WEBHOOK_DELIVERIES_JOB, Date.now());
const hookMs = performance.now() - t0;

const perSec = (n: number, ms: number) => Math.round((n / ms) * 1000);

// the latency: alarms at half the job's rate, committed in 20 ms batches (as the ingest does), the job on its timer
const P99_SECONDS = arg('--p99-seconds', 10);
const alarmsPerSec = Math.max(1, Math.round(perSec(bodies.length, hookMs) / SUBSCRIBERS / 2));
const latencyAlarms = alarmsPerSec * P99_SECONDS;
const LATENCY_ID0 = 1_000_000_000;
committedAt.set(-1, 0); // the receiver reads bodies from now on
received = 0;
wanted = latencyAlarms * SUBSCRIBERS;
const allLatency = new Promise<void>((r) => (done = r));
app.jobs.start();
t0 = performance.now();
for (let k = 0; k < latencyAlarms;) {
  const upTo = Math.min(latencyAlarms, Math.floor(((performance.now() - t0) / 1000) * alarmsPerSec) + 1);
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (; k < upTo; k++) {
      ids.push(LATENCY_ID0 + k);
      await enqueueWebhooks(trx, {
        type: 'alarm.raised',
        tenantId: demo.tenants.demo,
        elevatorId: lifts[k % ELEVATORS]!,
        time: Date.now(),
        data: { id: LATENCY_ID0 + k, type: 1, floor: 3 },
      });
    }
  });
  const at = performance.now();
  for (const id of ids) committedAt.set(id, at);
  await new Promise((r) => setTimeout(r, 20));
}
const latencyTimeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 120_000).unref());
const latencyEnd = await Promise.race([allLatency, latencyTimeout]);
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN);
console.log(
  JSON.stringify(
    {
      alarms: ALARMS,
      deliveries: bodies.length,
      store: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      plainMs: Math.round(plainMs),
      plainPerSec: perSec(bodies.length, plainMs),
      webhookMs: Math.round(hookMs),
      webhookPerSec: perSec(bodies.length, hookMs),
      ratio: Math.round((plainMs / hookMs) * 100) / 100,
      latency: {
        alarmsPerSec,
        deliveriesPerSec: alarmsPerSec * SUBSCRIBERS,
        seconds: P99_SECONDS,
        received: latencies.length,
        expected: wanted,
        timedOut: latencyEnd === 'timeout',
        p50Ms: pct(50),
        p99Ms: pct(99),
        maxMs: Math.round(sorted.at(-1) ?? NaN),
      },
      loadAverage: loadavg().map((x) => Math.round(x * 10) / 10),
    },
    null,
    2,
  ),
);
await app.close();
await dispose();
rx.close();
rmSync(dir, { recursive: true, force: true });
