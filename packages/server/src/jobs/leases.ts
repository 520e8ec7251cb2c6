import type { Kysely, Selectable } from 'kysely';
import type { DB, JobLeaseRow } from '../db/tables.js';

export type JobOutcome = 'ok' | 'failed' | 'interrupted';

/** A lease this instance holds: the owner and the start it wrote, so a lapsed and retaken lease is told apart. */
export interface HeldLease {
  name: string;
  owner: string;
  start: number;
}

const ERROR_MAX = 1000;

/**
 * The job_leases table (migration 011): every statement that takes, keeps or gives back a lease is a single
 * conditional UPDATE, so on either dialect two instances asking at once cannot both get it (PostgreSQL re-checks
 * the WHERE on the row it locked; SQLite runs one writer at a time).
 */
export class JobLeases {
  constructor(private readonly db: Kysely<DB>) {}

  /** The job's row, made on first sight with its first due time (an existing row, and its due time, is kept). */
  async ensure(name: string, firstDue: number): Promise<void> {
    await this.db
      .insertInto('jobLeases')
      .values({ name, nextDue: firstDue })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /**
   * Take the lease if nobody holds it (or their lease lapsed) and, unless forced, the job is due. Answers the
   * failed runs in a row so far, or null when another instance has it or it is not due.
   */
  async acquire(lease: HeldLease, leaseMs: number, opts: { due: boolean }): Promise<{ failures: number } | null> {
    const { name, owner, start } = lease;
    let update = this.db
      .updateTable('jobLeases')
      .set({ leaseOwner: owner, leaseUntil: start + leaseMs, lastStart: start })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', start)]));
    if (opts.due) update = update.where('nextDue', '<=', start);
    const taken = await update.returning('failures').executeTakeFirst();
    return taken ? { failures: Number(taken.failures) } : null;
  }

  /** Keep the lease while the run goes on; false when it was lost (it lapsed and another instance took it). */
  async renew({ name, owner, start }: HeldLease, until: number): Promise<boolean> {
    const kept = await this.db
      .updateTable('jobLeases')
      .set({ leaseUntil: until })
      .where('name', '=', name)
      .where('leaseOwner', '=', owner)
      .where('lastStart', '=', start)
      .executeTakeFirst();
    return Number(kept.numUpdatedRows) === 1;
  }

  /**
   * Record how the run went and give the lease back. `nextDue` null keeps the due time (an interrupted run is
   * handed on at once). False when the lease had been lost meanwhile: then the other holder's record stands.
   */
  async finish(
    { name, owner, start }: HeldLease,
    result: { end: number; outcome: JobOutcome; error: string | null; failures: number; nextDue: number | null },
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('jobLeases')
      .set({
        leaseOwner: null,
        leaseUntil: null,
        lastEnd: result.end,
        lastOutcome: result.outcome,
        lastError: result.error === null ? null : result.error.slice(0, ERROR_MAX),
        failures: result.failures,
        ...(result.nextDue === null ? {} : { nextDue: result.nextDue }),
      })
      .where('name', '=', name)
      .where('leaseOwner', '=', owner)
      .where('lastStart', '=', start)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Give back every lease an owner still holds (a stop after its runs ended, or gave up waiting for them). */
  async releaseAll(owner: string): Promise<void> {
    await this.db
      .updateTable('jobLeases')
      .set({ leaseOwner: null, leaseUntil: null })
      .where('leaseOwner', '=', owner)
      .execute();
  }

  async list(names: readonly string[]): Promise<Selectable<JobLeaseRow>[]> {
    if (!names.length) return [];
    return this.db.selectFrom('jobLeases').selectAll().where('name', 'in', names).orderBy('name').execute();
  }
}
