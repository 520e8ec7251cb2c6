import type { MigrationContext } from './helpers.js';

/**
 * How many messages each gateway pushed, per UTC day and kind (status, fault, … and the dropped kinds
 * malformed, oversized, unbound). The ingest adds to these counters once per batch, inside the batch's
 * transaction; stored records cannot tell this, as state reports coalesce. No foreign key to the gateway:
 * a gateway deleted while its counts wait in a batch must not fail the batch; readers join on gateways.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('pushStats')
    .addColumn('gatewayId', 'integer', (c) => c.notNull())
    /** Days since 1970-01-01 UTC. */
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('firstTime', 'bigint', (c) => c.notNull())
    .addColumn('lastTime', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pushStatsKey', ['gatewayId', 'day', 'kind'])
    .execute();
  // The platform-wide list sums a window of days over every gateway.
  await db.schema.createIndex('pushStatsDay').on('pushStats').columns(['day', 'gatewayId']).execute();
}
