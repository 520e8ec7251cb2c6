import type { MigrationContext } from './helpers.js';

/**
 * How a run's raw samples are encoded in eocdSamples.data (monitoring/eocd-samples.ts): 0, the packed bytes as
 * the gateway sent them (every row stored before this migration); 1, per-axis differences in byte planes,
 * deflated, written by the ingest from now on. Existing rows are not rewritten: readers decode either.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('eocdSamples')
    .addColumn('encoding', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
