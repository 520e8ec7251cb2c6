import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../packages/server/src/db/database.js';
import type { DB } from '../../packages/server/src/db/tables.js';
import type { Job, JobSchedule } from '../../packages/server/src/jobs/job.js';
import { Scheduler } from '../../packages/server/src/jobs/scheduler.js';
import { DIALECTS } from '../support/server.js';
import { sharedStore, type SharedStore } from '../support/store.js';

/** What each run of a test job leaves in the store: the side effect the tests count. */
interface SeenRow {
  job: string;
  runAt: number;
  instance: string;
}
type SeenDB = DB & { jobRunsSeen: SeenRow };

const log = Fastify({ logger: false }).log;
const T0 = Date.UTC(2026, 0, 5, 8, 0);
// Times are the tests' own (an injected clock); a lease renews every third of it in real time, so a long one
// keeps renewals out of these runs
const PERIOD = 2 * 3_600_000;
const LEASE = 30 * 60_000;

let jobNo = 0;
/** A fresh job name per test, so tests on one store never see each other's rows. */
const uniqueName = (what: string) => `test-${what}-${++jobNo}`;

/** A job that records each run in the store; `during` runs inside it (to hold it open, or fail it). */
function countingJob(
  name: string,
  store: Store,
  instance: string,
  opts: { schedule?: JobSchedule; retryMs?: number; during?: (signal: AbortSignal) => Promise<void> } = {},
): Job {
  const db: Kysely<SeenDB> = store.db.withTables<{ jobRunsSeen: SeenRow }>();
  return {
    name,
    schedule: opts.schedule ?? { everyMs: PERIOD },
    leaseMs: LEASE,
    retryMs: opts.retryMs,
    async run({ now, signal }) {
      await opts.during?.(signal);
      await db.insertInto('jobRunsSeen').values({ job: name, runAt: now, instance }).execute();
    },
  };
}

/** An instance: its own connection to the shared store and its own scheduler, driven by hand (no timer). */
function instance(shared: SharedStore, id: string) {
  const store = shared.open();
  return { store, scheduler: new Scheduler({ db: store.db, log, instanceId: id, clock: () => T0 }) };
}

/** A gate a job waits at, and a promise that says a run has reached it. */
function gate() {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (entered = resolve));
  return { open, reached, wait: () => (entered(), opened) };
}

describe.each(DIALECTS)('the job scheduler on %s', (dialect) => {
  let shared: SharedStore;
  let seen: Kysely<SeenDB>;

  beforeAll(async () => {
    shared = await sharedStore(dialect);
    const store = shared.open();
    await store.db.schema
      .createTable('jobRunsSeen')
      .addColumn('job', 'varchar(100)', (c) => c.notNull())
      .addColumn('runAt', 'bigint', (c) => c.notNull())
      .addColumn('instance', 'varchar(100)', (c) => c.notNull())
      .execute();
    seen = store.db.withTables<{ jobRunsSeen: SeenRow }>();
  });
  afterAll(async () => {
    await shared?.close();
  });

  const runsOf = async (name: string) =>
    (await seen.selectFrom('jobRunsSeen').selectAll().where('job', '=', name).orderBy('runAt').execute()).map((r) => ({
      ...r,
      runAt: Number(r.runAt),
    }));
  const stateOf = async (scheduler: Scheduler, name: string) =>
    (await scheduler.states()).find((s) => s.name === name)!;

  it('runs a job once per period across two instances asking at the same moments', async () => {
    const name = uniqueName('twice');
    const a = instance(shared, 'instance-a');
    const b = instance(shared, 'instance-b');
    a.scheduler.add(countingJob(name, a.store, 'a'));
    b.scheduler.add(countingJob(name, b.store, 'b'));
    // the first sight makes the row: first due one period on, so nothing runs yet
    await Promise.all([a.scheduler.runDue(T0), b.scheduler.runDue(T0)]);
    expect(await runsOf(name)).toEqual([]);
    const outcomes: string[] = [];
    for (let k = 1; k <= 12; k++) {
      for (const at of [T0 + k * PERIOD, T0 + k * PERIOD + PERIOD / 2]) {
        const results = await Promise.all([a.scheduler.runDue(at), b.scheduler.runDue(at)]);
        outcomes.push(
          results
            .flat()
            .map((r) => r.outcome)
            .sort()
            .join(','),
        );
      }
    }
    const runs = await runsOf(name);
    expect(runs.map((r) => r.runAt)).toEqual(Array.from({ length: 12 }, (_, i) => T0 + (i + 1) * PERIOD));
    // at each period start one instance ran it and the other was turned away; mid-period nobody ran it
    expect(outcomes).toEqual(Array.from({ length: 12 }, () => ['ok,skipped', 'skipped,skipped']).flat());
    expect(await stateOf(a.scheduler, name)).toMatchObject({
      lastOutcome: 'ok',
      leaseOwner: null,
      nextDue: T0 + 13 * PERIOD,
    });
    await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
  });

  it('does not run a period again after a restart, and runs periods missed while down once', async () => {
    const name = uniqueName('restart');
    const first = instance(shared, 'instance-c');
    first.scheduler.add(countingJob(name, first.store, 'c'));
    await first.scheduler.runDue(T0);
    expect((await first.scheduler.runDue(T0 + PERIOD))[0]!.outcome).toBe('ok');
    await first.scheduler.stop();

    const restarted = instance(shared, 'instance-c2');
    restarted.scheduler.add(countingJob(name, restarted.store, 'c2'));
    expect((await restarted.scheduler.runDue(T0 + PERIOD))[0]!.outcome).toBe('skipped');
    expect((await restarted.scheduler.runDue(T0 + 2 * PERIOD - 1))[0]!.outcome).toBe('skipped');
    // everything was down for ten periods: one run on coming back, on the old cadence after it
    const back = T0 + 11 * PERIOD + PERIOD / 3;
    expect((await restarted.scheduler.runDue(back))[0]!.outcome).toBe('ok');
    expect((await restarted.scheduler.runDue(back + 1))[0]!.outcome).toBe('skipped');
    expect((await runsOf(name)).map((r) => [r.runAt, r.instance])).toEqual([
      [T0 + PERIOD, 'c'],
      [back, 'c2'],
    ]);
    expect((await stateOf(restarted.scheduler, name)).nextDue).toBe(T0 + 12 * PERIOD);
    await restarted.scheduler.stop();
  });

  it('takes over the run of a dead instance once its lease lapses, and keeps the new holder’s record', async () => {
    const name = uniqueName('takeover');
    const stuck = gate();
    const dead = instance(shared, 'instance-dead');
    const alive = instance(shared, 'instance-alive');
    dead.scheduler.add(countingJob(name, dead.store, 'dead', { during: () => stuck.wait() }));
    alive.scheduler.add(countingJob(name, alive.store, 'alive'));
    await Promise.all([dead.scheduler.runDue(T0), alive.scheduler.runDue(T0)]);
    const due = T0 + PERIOD;
    const deadRun = dead.scheduler.runDue(due);
    await stuck.reached;
    expect(await stateOf(alive.scheduler, name)).toMatchObject({
      leaseOwner: 'instance-dead',
      leaseUntil: due + LEASE,
    });
    // the dead instance's lease still holds: nobody else runs it
    expect((await alive.scheduler.runDue(due + 1))[0]!.outcome).toBe('skipped');
    expect((await alive.scheduler.runDue(due + LEASE))[0]!.outcome).toBe('skipped');
    // lapsed: taken over
    expect((await alive.scheduler.runDue(due + LEASE + 1))[0]!.outcome).toBe('ok');
    expect(await stateOf(alive.scheduler, name)).toMatchObject({ leaseOwner: null, nextDue: due + PERIOD });
    // had the "dead" instance only been stuck, its late end would not rewrite the new holder's record (its own
    // work lands: a job must be safe to run twice)
    stuck.open();
    await deadRun;
    expect((await runsOf(name)).map((r) => r.instance)).toEqual(['dead', 'alive']);
    expect(await stateOf(alive.scheduler, name)).toMatchObject({
      leaseOwner: null,
      lastStart: due + LEASE + 1,
      nextDue: due + PERIOD,
    });
    await Promise.all([dead.scheduler.stop(), alive.scheduler.stop()]);
  });

  it('hands a run on at once when its instance stops cleanly', async () => {
    const name = uniqueName('stop');
    const started = gate();
    const stopping = instance(shared, 'instance-stopping');
    const other = instance(shared, 'instance-other');
    stopping.scheduler.add(
      countingJob(name, stopping.store, 'stopping', {
        during: async (signal) => {
          void started.wait();
          await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopping'))));
        },
      }),
    );
    other.scheduler.add(countingJob(name, other.store, 'other'));
    await Promise.all([stopping.scheduler.runDue(T0), other.scheduler.runDue(T0)]);
    const due = T0 + PERIOD;
    const run = stopping.scheduler.runDue(due);
    await started.reached;
    await stopping.scheduler.stop();
    expect((await run)[0]).toMatchObject({ outcome: 'interrupted' });
    expect(await stateOf(other.scheduler, name)).toMatchObject({
      leaseOwner: null,
      lastOutcome: 'interrupted',
      nextDue: due,
    });
    // released, and still due: another instance runs it without waiting for the lease to lapse
    expect((await other.scheduler.runDue(due + 1))[0]!.outcome).toBe('ok');
    expect((await runsOf(name)).map((r) => r.instance)).toEqual(['other']);
    await other.scheduler.stop();
  });

  it('records a failure and retries sooner, backing off, never later than the next regular time', async () => {
    const name = uniqueName('retry');
    const hour = 3_600_000;
    let failing = 3;
    const one = instance(shared, 'instance-retry');
    one.scheduler.add(
      countingJob(name, one.store, 'retry', {
        schedule: { everyMs: hour },
        retryMs: 10 * 60_000,
        during: async () => {
          if (failing-- > 0) throw new Error('report service unreachable');
        },
      }),
    );
    await one.scheduler.runDue(T0);
    const due = T0 + hour;
    const failed = await one.scheduler.runDue(due);
    expect(failed[0]).toMatchObject({ outcome: 'failed' });
    expect(await stateOf(one.scheduler, name)).toMatchObject({
      lastOutcome: 'failed',
      lastError: 'report service unreachable',
      failures: 1,
      nextDue: due + 10 * 60_000,
    });
    expect((await one.scheduler.runDue(due + 10 * 60_000 - 1))[0]!.outcome).toBe('skipped');
    expect((await one.scheduler.runDue(due + 10 * 60_000))[0]!.outcome).toBe('failed');
    expect(await stateOf(one.scheduler, name)).toMatchObject({ failures: 2, nextDue: due + 30 * 60_000 });
    // the third retry would wait 40 minutes, past the next regular time: the regular time it is
    expect((await one.scheduler.runDue(due + 30 * 60_000))[0]!.outcome).toBe('failed');
    expect(await stateOf(one.scheduler, name)).toMatchObject({ failures: 3, nextDue: due + hour });
    expect((await one.scheduler.runDue(due + hour))[0]!.outcome).toBe('ok');
    expect(await stateOf(one.scheduler, name)).toMatchObject({
      lastOutcome: 'ok',
      lastError: null,
      failures: 0,
      nextDue: due + 2 * hour,
    });
    expect((await runsOf(name)).map((r) => r.runAt)).toEqual([due + hour]);
    await one.scheduler.stop();
  });

  it('runs a job on demand without moving its due time, but not while another instance holds it', async () => {
    const name = uniqueName('now');
    const busy = gate();
    const a = instance(shared, 'instance-now-a');
    const b = instance(shared, 'instance-now-b');
    a.scheduler.add(countingJob(name, a.store, 'a', { during: () => busy.wait() }));
    b.scheduler.add(countingJob(name, b.store, 'b'));
    await b.scheduler.runDue(T0);
    expect((await b.scheduler.runNow(name, T0 + 5)).outcome).toBe('ok');
    expect((await stateOf(b.scheduler, name)).nextDue).toBe(T0 + PERIOD);
    const held = a.scheduler.runNow(name, T0 + 10);
    await busy.reached;
    expect((await b.scheduler.runNow(name, T0 + 11)).outcome).toBe('skipped');
    busy.open();
    expect((await held).outcome).toBe('ok');
    expect((await runsOf(name)).map((r) => r.instance)).toEqual(['b', 'a']);
    await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
  });

  it('runs due jobs by itself once started, and after a stop runs nothing more', async () => {
    const name = uniqueName('timer');
    const store = shared.open();
    // the real clock here: the timer sleeps until the next due time it reads from the store
    const scheduler = new Scheduler({ db: store.db, log, instanceId: 'instance-timer' });
    scheduler.add(countingJob(name, store, 'timer', { schedule: { everyMs: 200 } }));
    scheduler.start();
    await expect.poll(async () => (await runsOf(name)).length).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
    const runs = await runsOf(name);
    // each run was for its own due time, on the 200 ms grid
    expect(new Set(runs.map((r) => r.runAt)).size).toBe(runs.length);
    expect(await stateOf(scheduler, name)).toMatchObject({ leaseOwner: null, lastOutcome: 'ok' });
    expect((await scheduler.runDue(Date.now() + 60_000))[0]!.outcome).toBe('skipped');
  });
});
