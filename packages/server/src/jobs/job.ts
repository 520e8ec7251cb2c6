import type { FastifyBaseLogger } from 'fastify';

/** When a job is due: every so many milliseconds, or at a wall-clock time of day in a time zone. */
export type JobSchedule =
  | { everyMs: number }
  | {
      /** "HH:mm", 24-hour, in timeZone. */
      dailyAt: string;
      timeZone: string;
      /** Only on these weekdays (0 Sunday to 6 Saturday); every day when absent. */
      weekdays?: readonly number[];
    };

/** What a run is given. */
export interface JobRun {
  /** The time the run is for: the scheduler's clock, or the time a test drives it at. */
  now: number;
  log: FastifyBaseLogger;
  /** Aborted when the instance stops: a long run checks it and throws, and the run is handed on. */
  signal: AbortSignal;
  /**
   * A run of the scheduler's own timer (true), or one a caller awaits (runNow, runDue: a test, an operator): a
   * polling job lingers only in the first.
   */
  scheduled: boolean;
}

/**
 * A background job: a module with a name, a schedule and a handler. The scheduler (scheduler.ts) runs it once per
 * due time across all instances sharing the store. A run may be repeated after a crash (its lease lapses and
 * another instance runs it again), so a handler must be safe to run twice: move rows only from the state it read.
 */
export interface Job {
  /** Unique across the platform: the key of its lease row. */
  name: string;
  schedule: JobSchedule;
  /** How long a run holds the lease without renewing it (renewed every third of it while it runs). */
  leaseMs?: number;
  /** The first retry after a failed run; each further failure doubles it, never past the next regular time. */
  retryMs?: number;
  run(run: JobRun): Promise<void>;
}

export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_RETRY_MS = 60_000;
