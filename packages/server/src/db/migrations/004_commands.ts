import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/** Commands sent down to gateways and their outcome. */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTenant(withTimes(withId(db.schema.createTable('commandRecords'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('gatewayId', 'integer', (c) => c.notNull().references('gatewayDevices.id').onDelete('cascade'))
    .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('params', 'varchar(2000)')
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('reply', 'varchar(2000)')
    .addColumn('operator', 'varchar(50)')
    .addColumn('replyTime', 'bigint')
    .execute();
  await db.schema.createIndex('commandRecordsTenantId').on('commandRecords').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('commandRecordsGateway').on('commandRecords').columns(['dtuCode', 'state']).execute();
}
