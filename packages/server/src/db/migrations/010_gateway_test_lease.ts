import type { MigrationContext } from './helpers.js';

/**
 * A running gateway test is leased by the instance running it (renewed while it runs, released on a clean
 * stop): another instance takes it over only once the lease has lapsed, so several instances on one store
 * never run the same test twice, and a test whose instance died is resumed by another.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('gatewayTests').addColumn('leaseUntil', 'bigint').execute();
}
