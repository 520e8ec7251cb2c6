import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVELOPER_STATUS, WEBHOOK_STATUS } from '@liftcloud/client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../packages/server/src/app.js';
import { openStore } from '../../packages/server/src/db/database.js';
import { WEBHOOK_DELIVERIES_LEASE_MS } from '../../packages/server/src/jobs/webhook-deliveries.js';
import { seedDemo } from '../../packages/server/src/seed/demo.js';
import { SecretBox } from '../../packages/server/src/services/developers.js';
import { keyFromFile } from '../../packages/server/src/services/share-links.js';
import { WEBHOOK_ROUND_SIZE, enqueueWebhooks } from '../../packages/server/src/services/webhooks.js';
import type { LooseKysely } from '../../packages/server/src/store/repository.js';
import { DIALECTS, pgSchemaUrl } from '../support/server.js';

const PENDING = 1_000;
const LIFTS = 10;

/** A server process (tests/support/webhook-child.ts) over the store; resolves once it listens. */
function startChild(args: string[], databaseUrl: string | undefined, clockAheadMs = 0): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/webhook-child.ts', ...args], {
    env: { ...process.env, CHILD_DATABASE_URL: databaseUrl ?? '', CHILD_CLOCK_AHEAD_MS: String(clockAheadMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

/** kill -9 of the server with 1,000 deliveries pending: the next process sends every one, in order per elevator. */
describe.each(DIALECTS)('webhook queue across kill -9 on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-kill-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(`loses none of ${PENDING} pending deliveries when the sending process is killed mid-way`, async () => {
    const seen: string[] = [];
    let first: ChildProcess | null = null;
    let seenAtKill = -1;
    let allSeen!: () => void;
    const complete = new Promise<void>((r) => (allSeen = r));
    const expected = new Set<string>();
    const rx = createServer((req, res) => {
      seen.push(String(req.headers['webhook-id']));
      // the 200th request arrives: the sending process dies at once, with its batch in flight
      if (seen.length === 200 && first) {
        seenAtKill = seen.length;
        first.kill('SIGKILL');
      }
      if (expected.size && [...expected].every((id) => seen.includes(id))) allSeen();
      req.resume();
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;
    const pg = dialect === 'postgres' ? await pgSchemaUrl() : null;
    const sqliteFile = join(dir, `${dialect}.db`);
    const keyFile = join(dir, 'developer-secret.key');

    // set up the store in this process: a developer of ten elevators and 1,000 deliveries queued, none sent
    const store = openStore({ databaseUrl: pg?.url, sqliteFile });
    const app = await buildApp({
      store,
      uploadDir: join(dir, 'uploads'),
      jobs: { timer: false },
      webhooks: { targets: 'loopback' },
      developers: { secretKeyFile: keyFile },
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
    for (let i = 0; i < LIFTS; i++)
      lifts.push(
        Number(
          (
            await db
              .insertInto('elevators')
              .values({
                tenantId: demo.tenants.demo,
                orgId: demo.companies.demoRoot,
                name: `Kill ${i}`,
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
    const dev = await db
      .insertInto('developers')
      .values({
        tenantId: demo.tenants.demo,
        code: 'K1',
        name: 'Kill',
        appKey: 'ak_kill',
        status: DEVELOPER_STATUS.active,
        alarmPushUrl: url,
        subscribeAlarm: 1,
        secretEnc: box.seal('c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I'),
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('developerUseUnits').values({ developerId: dev.id, useUnitId: unit.id }).execute();
    for (let i = 0; i < PENDING; i++)
      await enqueueWebhooks(db, {
        type: 'alarm.raised',
        tenantId: demo.tenants.demo,
        elevatorId: lifts[i % LIFTS]!,
        time: now + i,
        data: { i },
      });
    const queued = await db.selectFrom('webhookDeliveries').select(['msgId', 'elevatorId']).orderBy('id').execute();
    expect(queued).toHaveLength(PENDING);
    for (const q of queued) expected.add(String(q.msgId));
    await app.close();
    await store.close();

    // the first process sends on its own timer until it is killed at the 200th request
    const args = [sqliteFile, keyFile, join(dir, 'uploads')];
    first = await startChild(args, pg?.url);
    children.push(first);
    await new Promise<void>((r) => first!.once('exit', () => r()));
    expect(first.signalCode).toBe('SIGKILL');
    expect(seenAtKill).toBe(200);
    expect(new Set(seen).size).toBeLessThan(PENDING);

    // the next process sends the rest, once the dead holder's lease has run out (its clock starts past it rather
    // than the test waiting a minute): every delivery acknowledged at least once
    const second = await startChild(args, pg?.url, WEBHOOK_DELIVERIES_LEASE_MS + 1_000);
    children.push(second);
    await complete;
    // every one acknowledged: the second process records the last outcomes, then stops
    const check = openStore({ databaseUrl: pg?.url, sqliteFile });
    const notDelivered = async () =>
      Number(
        (
          await (check.db as unknown as LooseKysely)
            .selectFrom('webhookDeliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '!=', WEBHOOK_STATUS.delivered)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect.poll(notDelivered, { timeout: 60_000, interval: 100 }).toBe(0);
    await check.close();
    second.kill('SIGKILL');
    await new Promise<void>((r) => second.once('exit', () => r()));
    expect(new Set(seen)).toEqual(expected);
    // in order per elevator: the first arrival of each message follows the queue (a repeat is one in flight at the kill)
    const firstSeen = seen.filter((id, i) => seen.indexOf(id) === i);
    for (const lift of lifts) {
      const order = queued.filter((q) => Number(q.elevatorId) === lift).map((q) => String(q.msgId));
      const mine = new Set(order);
      expect(firstSeen.filter((id) => mine.has(id))).toEqual(order);
    }
    // repeats are only what the round in progress had sent when the process died (its outcomes are recorded
    // together at its end: at most one round), each of them at most once more
    expect(seen.length - PENDING).toBeLessThanOrEqual(WEBHOOK_ROUND_SIZE);
    const counts = new Map<string, number>();
    for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    await pg?.drop();
    await new Promise<void>((r) => rx.close(() => r()));
  }, 300_000);
});
