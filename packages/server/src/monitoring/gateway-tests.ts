import { GATEWAY_TEST, GATEWAY_TEST_REASON, GATEWAY_TEST_STATE, type LiveEvent } from '@liftcloud/client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { EventBus } from './bus.js';
import type { LiveEvents } from './live-events.js';

export interface GatewayTestRunnerOptions {
  db: Kysely<LooseDB>;
  /** Where the windows count the ingest's events. */
  bus: EventBus;
  /** Where progress frames are published. */
  live: LiveEvents;
  log: FastifyBaseLogger;
  /** How long each gateway is watched (GATEWAY_TEST.eachTestMs: 5 minutes; tests use about a second). */
  windowMs?: number;
  /** How often an idle runner looks for tests queued through another instance, or left by a dead one. */
  pollMs?: number;
  /** How long a running test stays this instance's without a renewal (renewed every third of it). */
  leaseMs?: number;
}

const LEASE_MS = 30_000;
/** How often a running window's counts so far are written for readers (at most; a short window writes more often). */
const LIVE_COUNT_MS = 1_000;

export interface GatewayTestRunner {
  readonly windowMs: number;
  /** A test was queued here: start it now rather than at the next poll. */
  wake(): void;
  /** A test was cancelled: end its current window now. */
  cancelled(testId: number): void;
  close(): Promise<void>;
}

/** The live message kinds a window counts, and the result column each one adds to. */
const COUNTED: Partial<Record<LiveEvent['type'], 'statusCount' | 'faultCount' | 'alarmCount'>> = {
  status: 'statusCount',
  fault: 'faultCount',
  alarm: 'alarmCount',
};

/** A gateway of a test still to be tested. */
interface Pending {
  id: number;
  seq: number;
  dtuCode: string;
}

interface TestRow {
  id: number;
  state: number;
  passBenchmark: number | null;
  testTime: number | null;
  windowMs: number;
  startTime: number | null;
  leaseUntil: number | null;
}

/**
 * Runs gateway tests one gateway at a time: for each DTU a window in which the live messages the ingest
 * accepted from it (status, fault, alarm, as they reach the event bus) are counted; its result is written when
 * the window ends. A test is claimed with a conditional update that also takes its lease, so of several
 * instances one runs it; the lease is renewed while it runs and released on a clean stop. A running test whose
 * lease has lapsed (its server stopped or died mid-window) is resumed by whichever runner finds it first: the cut
 * window starts again.
 */
export function startGatewayTestRunner(opts: GatewayTestRunnerOptions): GatewayTestRunner {
  const { db, bus, live, log } = opts;
  const windowMs = opts.windowMs ?? GATEWAY_TEST.eachTestMs;
  let closed = false;
  let wakeUp: (() => void) | null = null;
  let endWindow: { testId: number; end: () => void } | null = null;

  // A wake that came while the runner was busy is kept, so the next idle wait returns at once.
  let woken = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || closed) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const leaseMs = opts.leaseMs ?? LEASE_MS;
  /** The running test this runner holds, if any: its lease is renewed, and released on close. */
  let held: number | null = null;

  /** Take a test: running with a lapsed lease (resumed), else queued (started). Null when another took it. */
  async function claim(test: TestRow): Promise<TestRow | null> {
    const now = Date.now();
    const resuming = test.state === GATEWAY_TEST_STATE.running;
    let update = db
      .updateTable('gatewayTests')
      .set({
        state: GATEWAY_TEST_STATE.running,
        leaseUntil: now + leaseMs,
        updateTime: now,
        ...(resuming ? {} : { startTime: now }),
      })
      .where('id', '=', test.id)
      .where('state', '=', test.state);
    if (resuming) update = update.where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]));
    const claimed = await update.executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    held = test.id;
    return { ...test, state: GATEWAY_TEST_STATE.running, startTime: resuming ? test.startTime : now };
  }

  /** The next test: one whose runner stopped or died (lease lapsed) first, then the oldest queued one. */
  async function nextTest(): Promise<TestRow | null> {
    const now = Date.now();
    const orphan = await db
      .selectFrom('gatewayTests')
      .selectAll()
      .where('state', '=', GATEWAY_TEST_STATE.running)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
      .orderBy('id')
      .executeTakeFirst();
    if (orphan) return claim(orphan as TestRow);
    const queued = await db
      .selectFrom('gatewayTests')
      .selectAll()
      .where('state', '=', GATEWAY_TEST_STATE.queued)
      .orderBy('id')
      .executeTakeFirst();
    return queued ? claim(queued as TestRow) : null;
  }

  /** Keep the held test's lease while it runs (every third of the lease, so two renewals may fail). */
  async function renew(id: number): Promise<void> {
    await db
      .updateTable('gatewayTests')
      .set({ leaseUntil: Date.now() + leaseMs })
      .where('id', '=', id)
      .where('state', '=', GATEWAY_TEST_STATE.running)
      .execute();
  }

  /** Tell the live channel where a test is (and which gateway's window just ended), for those who may see it. */
  async function progress(id: number, ended: { seq: number; dtu: string; passed: boolean | null } | null = null) {
    const test = await db
      .selectFrom('gatewayTests')
      .select(['id', 'tenantId', 'orgId', 'state', 'passedCount', 'failedCount'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!test) return;
    await live.publish(
      'gatewayTest',
      { tenantId: Number(test.tenantId), orgIds: test.orgId === null ? [] : [Number(test.orgId)], elevatorId: null },
      // the store's integers as they are: the frame's schema checks them
      { id: test.id, state: test.state, passedCount: test.passedCount, failedCount: test.failedCount, ...ended },
    );
  }

  const stillRunning = async (id: number) =>
    (await db.selectFrom('gatewayTests').select('state').where('id', '=', id).executeTakeFirst())?.state ===
    GATEWAY_TEST_STATE.running;

  async function recount(id: number): Promise<void> {
    const rows = await db.selectFrom('gatewayTestResults').select('passed').where('testId', '=', id).execute();
    await db
      .updateTable('gatewayTests')
      .set({
        passedCount: rows.filter((r) => r.passed === 1).length,
        failedCount: rows.filter((r) => r.passed === 0).length,
        updateTime: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Watch one gateway for its window; null when the window was cut (cancel or shutdown). The counts so far are
   * written to its result row about every second while the window runs, so whoever reads the test (the console,
   * liftctl, on any instance) sees the messages arrive rather than 0 until the window ends.
   */
  async function watch(testId: number, resultId: number, dtu: string, ms: number) {
    const counts = { statusCount: 0, faultCount: 0, alarmCount: 0 };
    let changed = false;
    const stop = bus.subscribe((event) => {
      const column = COUNTED[event.type];
      if (column && 'dtu' in event.data && event.data.dtu === dtu) {
        counts[column]++;
        changed = true;
      }
    });
    const flush = setInterval(
      () => {
        if (!changed) return;
        changed = false;
        db.updateTable('gatewayTestResults')
          .set({ ...counts })
          .where('id', '=', resultId)
          .where('passed', 'is', null)
          .execute()
          .catch((err: unknown) => log.error({ err }, 'gateway test counts not written'));
      },
      Math.min(LIVE_COUNT_MS, Math.max(100, Math.floor(ms / 4))),
    );
    let cut = false;
    try {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        endWindow = {
          testId,
          end: () => {
            cut = true;
            clearTimeout(timer);
            resolve();
          },
        };
      });
    } finally {
      endWindow = null;
      clearInterval(flush);
      stop();
    }
    return cut ? null : counts;
  }

  /** Test one gateway; false when its window was cut. */
  async function runGateway(test: TestRow, result: Pending): Promise<boolean> {
    const start = Date.now();
    const deadline = test.testTime !== null && test.startTime !== null ? test.startTime + test.testTime * 60_000 : null;
    if (deadline !== null && start + test.windowMs > deadline) {
      await db
        .updateTable('gatewayTestResults')
        .set({ passed: 0, reason: GATEWAY_TEST_REASON.timeLimit, windowStart: null, windowEnd: null })
        .where('id', '=', result.id)
        .execute();
      return true;
    }
    await db
      .updateTable('gatewayTestResults')
      .set({ windowStart: start, windowEnd: null, statusCount: 0, faultCount: 0, alarmCount: 0, onlineSeen: 0 })
      .where('id', '=', result.id)
      .execute();
    const counts = await watch(test.id, result.id, result.dtuCode, test.windowMs);
    if (counts === null || !(await stillRunning(test.id))) return false;
    const end = Date.now();
    // Heartbeats reach no live channel; the gateway's last report time says whether anything arrived at all.
    const gateway = await db
      .selectFrom('gatewayDevices')
      .select('lastReportTime')
      .where('dtuCode', '=', result.dtuCode)
      .executeTakeFirst();
    const messages = counts.statusCount + counts.faultCount + counts.alarmCount;
    const onlineSeen = messages > 0 || Number(gateway?.lastReportTime ?? 0) >= start;
    const passed = test.passBenchmark === null ? onlineSeen : messages >= test.passBenchmark;
    const reason = passed
      ? null
      : messages === 0 && !onlineSeen
        ? GATEWAY_TEST_REASON.silent
        : GATEWAY_TEST_REASON.belowBenchmark;
    await db
      .updateTable('gatewayTestResults')
      .set({ ...counts, windowEnd: end, onlineSeen: onlineSeen ? 1 : 0, passed: passed ? 1 : 0, reason })
      .where('id', '=', result.id)
      .where('passed', 'is', null)
      .execute();
    return true;
  }

  async function runTest(test: TestRow): Promise<void> {
    const renewal = setInterval(() => {
      renew(test.id).catch((err: unknown) => log.error({ err }, 'gateway test lease not renewed'));
    }, leaseMs / 3);
    try {
      await runHeldTest(test);
    } finally {
      clearInterval(renewal);
      held = null;
    }
  }

  async function runHeldTest(test: TestRow): Promise<void> {
    const pending = await db
      .selectFrom('gatewayTestResults')
      .select(['id', 'seq', 'dtuCode'])
      .where('testId', '=', test.id)
      .where('passed', 'is', null)
      .where('reason', 'is', null)
      .orderBy('seq')
      .execute();
    await progress(test.id);
    for (const result of pending as Pending[]) {
      if (closed) return;
      const done = await runGateway(test, result);
      if (!done) return;
      await recount(test.id);
      const written = await db
        .selectFrom('gatewayTestResults')
        .select('passed')
        .where('id', '=', result.id)
        .executeTakeFirst();
      const passed = written?.passed == null ? null : Number(written.passed) === 1;
      await progress(test.id, { seq: Number(result.seq), dtu: result.dtuCode, passed });
    }
    const now = Date.now();
    await db
      .updateTable('gatewayTests')
      .set({ state: GATEWAY_TEST_STATE.finished, finishTime: now, updateTime: now })
      .where('id', '=', test.id)
      .where('state', '=', GATEWAY_TEST_STATE.running)
      .execute();
    await progress(test.id);
  }

  const loop = (async () => {
    while (!closed) {
      try {
        const test = await nextTest();
        if (test) await runTest(test);
        else await sleep(opts.pollMs ?? 5_000);
      } catch (err) {
        if (closed) return;
        log.error({ err }, 'gateway test runner failed; retrying');
        await sleep(1_000);
      }
    }
  })();

  return {
    windowMs,
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    cancelled: (testId) => {
      if (endWindow?.testId === testId) endWindow.end();
      void progress(testId);
    },
    async close() {
      closed = true;
      const holding = held;
      wakeUp?.();
      endWindow?.end();
      await loop;
      // a clean stop hands the test on at once: the next runner to look resumes it
      if (holding !== null)
        await db
          .updateTable('gatewayTests')
          .set({ leaseUntil: null })
          .where('id', '=', holding)
          .where('state', '=', GATEWAY_TEST_STATE.running)
          .execute()
          .catch((err: unknown) => log.error({ err }, 'gateway test lease not released'));
    },
  };
}

/** The runner of an app: started beside the monitoring service, stopped (mid-window tests resume) on close. */
export function startGatewayTests(
  app: FastifyInstance,
  db: Kysely<DB>,
  monitoring: { bus: EventBus; live: LiveEvents },
  windowMs: number | undefined,
): GatewayTestRunner {
  const { bus, live } = monitoring;
  const runner = startGatewayTestRunner({ db: db as unknown as Kysely<LooseDB>, bus, live, log: app.log, windowMs });
  app.addHook('onClose', () => runner.close());
  return runner;
}
