import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DB } from '../db/tables.js';
import { DEFAULT_LEASE_MS, DEFAULT_RETRY_MS, type Job } from './job.js';
import { JobLeases, type HeldLease, type JobOutcome } from './leases.js';
import { describeSchedule, nextDue } from './schedule.js';

export interface SchedulerOptions {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  /** This instance's name in the lease rows (default: host, process and a random suffix). */
  instanceId?: string;
  /** The time; tests pass their own and drive runs with runDue(now). */
  clock?: () => number;
  /** The longest the timer sleeps before reading the due times again (another instance may have moved them). */
  maxSleepMs?: number;
}

/** What became of one job in a pass: it ran (and how it went), or it was skipped (not due, held elsewhere, stopped). */
export interface RunResult {
  job: string;
  outcome: JobOutcome | 'skipped';
  error?: unknown;
}

/** A job as ops see it: its schedule and its lease row. Times in epoch ms. */
export interface JobState {
  name: string;
  schedule: string;
  leaseOwner: string | null;
  leaseUntil: number | null;
  lastStart: number | null;
  lastEnd: number | null;
  lastOutcome: string | null;
  lastError: string | null;
  failures: number;
  nextDue: number | null;
}

const MIN_SLEEP_MS = 100;
const MAX_SLEEP_MS = 60_000;

/**
 * Runs the jobs of one instance. Each run takes the job's lease in the store first (leases.ts), so across all
 * instances sharing the store a due time is run once; the lease row also keeps the next due time, so a restart
 * neither runs a period twice nor forgets one missed while everything was down (it runs once, at start).
 * start() runs a timer; tests leave it off and call runDue(now) with the time they want.
 */
export class Scheduler {
  readonly instanceId: string;
  private readonly jobs = new Map<string, Job>();
  private readonly leases: JobLeases;
  private readonly clock: () => number;
  private readonly log: FastifyBaseLogger;
  private readonly maxSleepMs: number;
  /** Rows made (once per job and instance). */
  private readonly prepared = new Map<string, Promise<void>>();
  /** The run of each job in progress here: a second request for it waits for the first. */
  private readonly running = new Map<string, Promise<RunResult>>();
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;
  private wakeTimer: (() => void) | null = null;

  constructor(opts: SchedulerOptions) {
    this.leases = new JobLeases(opts.db);
    this.clock = opts.clock ?? Date.now;
    this.log = opts.log;
    this.maxSleepMs = opts.maxSleepMs ?? MAX_SLEEP_MS;
    this.instanceId = opts.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
    nextDue(job.schedule, 0); // a malformed schedule fails here, at start, not at its first run
    this.jobs.set(job.name, job);
    this.wakeTimer?.();
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Run every job that is due at `now` and not held by another instance; resolves when those runs end. */
  async runDue(now = this.clock()): Promise<RunResult[]> {
    return Promise.all([...this.jobs.values()].map((job) => this.queue(job, now, true, false)));
  }

  /** Run one job now whether due or not (tests, an operator): its next due time stays as it was. */
  async runNow(name: string, now = this.clock()): Promise<RunResult> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return this.queue(job, now, false, false);
  }

  /** Start the timer: due jobs run as their times come. */
  start(): void {
    if (this.loop || this.stopping.signal.aborted) return;
    this.loop = this.tick();
  }

  /**
   * Stop the timer, tell runs in progress to stop (a run that honours the signal is handed on at once; one that
   * does not is awaited), then give back every lease this instance still holds.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wakeTimer?.();
    await this.loop;
    await Promise.allSettled([...this.running.values()]);
    await this.leases
      .releaseAll(this.instanceId)
      .catch((err: unknown) => this.log.error({ err }, 'job leases not released'));
  }

  /** Every job of this instance with its lease row, for the ops list. */
  async states(): Promise<JobState[]> {
    const rows = new Map((await this.leases.list(this.names)).map((r) => [r.name, r]));
    return [...this.jobs.values()].map((job) => {
      const row = rows.get(job.name);
      return {
        name: job.name,
        schedule: describeSchedule(job.schedule),
        leaseOwner: row?.leaseOwner ?? null,
        leaseUntil: row?.leaseUntil ?? null,
        lastStart: row?.lastStart ?? null,
        lastEnd: row?.lastEnd ?? null,
        lastOutcome: row?.lastOutcome ?? null,
        lastError: row?.lastError ?? null,
        failures: row?.failures ?? 0,
        nextDue: row?.nextDue ?? null,
      };
    });
  }

  /** One run at a time per job in this instance; across instances the lease decides. */
  /** `fromTimer`: the run is the timer's own (a polling job may linger in it), not one a caller awaits. */
  private queue(job: Job, now: number, dueOnly: boolean, fromTimer: boolean): Promise<RunResult> {
    const before = this.running.get(job.name) ?? Promise.resolve(null);
    // after the one before, however that ended (a store error there is its caller's, not this run's)
    const start = () => this.execute(job, now, dueOnly, fromTimer);
    const run = before.then(start, start);
    this.running.set(job.name, run);
    const forget = () => {
      if (this.running.get(job.name) === run) this.running.delete(job.name);
      this.wakeTimer?.();
    };
    run.then(forget, forget);
    return run;
  }

  private prepare(job: Job, now: number): Promise<void> {
    let ready = this.prepared.get(job.name);
    if (!ready) {
      ready = this.leases.ensure(job.name, nextDue(job.schedule, now));
      // a store error is not kept: the next pass tries again
      ready.catch(() => this.prepared.delete(job.name));
      this.prepared.set(job.name, ready);
    }
    return ready;
  }

  private async execute(job: Job, now: number, dueOnly: boolean, fromTimer: boolean): Promise<RunResult> {
    if (this.stopping.signal.aborted) return { job: job.name, outcome: 'skipped' };
    // a forced run may be for a test's far-off time: the first due time comes from the clock
    await this.prepare(job, dueOnly ? now : this.clock());
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const lease: HeldLease = { name: job.name, owner: this.instanceId, start: now };
    const taken = await this.leases.acquire(lease, leaseMs, { due: dueOnly });
    if (!taken) return { job: job.name, outcome: 'skipped' };

    // The run's own time line starts at `now` (a test's time or the clock) and goes on at the real pace.
    const started = performance.now();
    const at = () => now + Math.round(performance.now() - started);
    const log = this.log.child({ job: job.name });
    const renewal = setInterval(() => {
      this.leases.renew(lease, at() + leaseMs).then(
        (kept) => kept || log.warn('job lease lost while running: another instance may run it too'),
        (err: unknown) => log.error({ err }, 'job lease not renewed'),
      );
    }, leaseMs / 3);
    renewal.unref();
    let outcome: JobOutcome = 'ok';
    let error: unknown;
    try {
      await job.run({ now, log, signal: this.stopping.signal, scheduled: fromTimer });
    } catch (err) {
      error = err;
      outcome = this.stopping.signal.aborted ? 'interrupted' : 'failed';
      if (outcome === 'failed') log.error({ err }, 'job failed');
    } finally {
      clearInterval(renewal);
    }

    const end = at();
    const failures = outcome === 'failed' ? taken.failures + 1 : outcome === 'ok' ? 0 : taken.failures;
    const finished = await this.leases
      .finish(lease, {
        end,
        outcome,
        error: error === undefined ? null : String(error instanceof Error ? error.message : error),
        failures,
        nextDue: dueOnly ? this.following(job, now, outcome, failures) : null,
      })
      .catch((err: unknown) => {
        log.error({ err }, 'job run not recorded; its lease lapses by itself');
        return true;
      });
    if (!finished) log.warn('job lease was lost before the run ended: its record is the other holder’s');
    return { job: job.name, outcome, ...(error === undefined ? {} : { error }) };
  }

  /**
   * The next due time after a due run (reckoned from the time the run was for, so a run longer than its period is
   * followed at once by one more, not by one per period it overran): the next regular time; after a failure, sooner (a retry backing off from
   * retryMs, doubling per failure in a row), never later than the regular time; after an interrupted run, unchanged.
   */
  private following(job: Job, now: number, outcome: JobOutcome, failures: number): number | null {
    if (outcome === 'interrupted') return null;
    const regular = nextDue(job.schedule, now);
    if (outcome === 'ok') return regular;
    const retry = (job.retryMs ?? DEFAULT_RETRY_MS) * 2 ** Math.min(failures - 1, 20);
    return Math.min(regular, now + retry);
  }

  /** The timer: launch what could be taken now, then sleep until the earliest time another could be. */
  private async tick(): Promise<void> {
    const { signal } = this.stopping;
    let takeAt = new Map<string, number>();
    while (!signal.aborted) {
      let wait = this.maxSleepMs;
      try {
        const now = this.clock();
        for (const job of this.jobs.values())
          if (!this.running.has(job.name) && (takeAt.get(job.name) ?? now) <= now)
            this.queue(job, now, true, true).catch((err: unknown) =>
              this.log.error({ err, job: job.name }, 'job run could not start; trying again'),
            );
        takeAt = await this.takeTimes();
        const idle = this.names.filter((name) => !this.running.has(name));
        wait = Math.min(...idle.map((name) => takeAt.get(name) ?? now)) - this.clock();
      } catch (err) {
        this.log.error({ err }, 'job scheduler could not read its leases; trying again');
      }
      await this.sleep(Math.min(Math.max(wait, MIN_SLEEP_MS), this.maxSleepMs));
    }
  }

  /** When each job could next be taken: once due, and once its lease (if someone holds it) has lapsed. */
  private async takeTimes(): Promise<Map<string, number>> {
    const rows = await this.leases.list(this.names);
    return new Map(rows.map((r) => [r.name, Math.max(r.nextDue, r.leaseUntil === null ? 0 : r.leaseUntil + 1)]));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeTimer = () => {
        this.wakeTimer = null;
        done();
      };
    });
  }
}
