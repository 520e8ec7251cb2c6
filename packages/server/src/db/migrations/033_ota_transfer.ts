import type { MigrationContext } from './helpers.js';

/**
 * OTA transfers (docs/gateway-protocol.md "OTA transfer"): a waiting or transferring burn is driven by the
 * instance holding its lease (renewed while it runs, released when its gateway drops off or the instance stops),
 * so several instances on one store never drive the same burn twice, and one whose instance died is taken over.
 * `ackedOffset` is how much of the firmware the gateway has acknowledged.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('otaBurns').addColumn('leaseOwner', 'varchar(64)').execute();
  await db.schema.alterTable('otaBurns').addColumn('leaseUntil', 'bigint').execute();
  await db.schema
    .alterTable('otaBurns')
    .addColumn('ackedOffset', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
