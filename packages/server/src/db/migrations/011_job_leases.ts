import type { MigrationContext } from './helpers.js';

/**
 * One row per background job (jobs/): who holds its lease and until when, when it last ran and how that went,
 * and when it is next due. A run takes the lease with a conditional update, so of several instances on one
 * store one runs it; the row outlives restarts, so a restart neither repeats a run nor forgets a missed one.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('jobLeases')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('leaseOwner', 'varchar(200)')
    .addColumn('leaseUntil', 'bigint')
    .addColumn('lastStart', 'bigint')
    .addColumn('lastEnd', 'bigint')
    .addColumn('lastOutcome', 'varchar(20)')
    .addColumn('lastError', 'varchar(1000)')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextDue', 'bigint', (c) => c.notNull())
    .execute();
}
