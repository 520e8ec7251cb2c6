import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Old-style maintenance orders (client entities/oldMaintenanceOrder.ts): a maintenance written up afterwards,
 * waiting for the use unit's confirmation, then confirmed or invalid (workflow/oldMaintenanceOrder.ts).
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTenant(withTimes(withId(db.schema.createTable('oldMaintenanceOrders'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('orderNo', 'varchar(30)', (c) => c.notNull())
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('maintenanceTypeId', 'integer')
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('worker1Id', 'integer', (c) => c.notNull())
    .addColumn('worker2Id', 'integer')
    .addColumn('maintenanceDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('duration', 'integer')
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('evaluation', 'integer')
    .addColumn('advice', 'varchar(1000)')
    .addColumn('confirmedBy', 'varchar(50)')
    .addColumn('confirmTime', 'bigint')
    .addColumn('invalidReason', 'varchar(500)')
    .addColumn('invalidTime', 'bigint')
    .execute();
  await db.schema
    .createIndex('oldMaintenanceOrdersTenantNo')
    .on('oldMaintenanceOrders')
    .columns(['tenantId', 'orderNo'])
    .unique()
    .execute();
  await db.schema
    .createIndex('oldMaintenanceOrdersTenantOrg')
    .on('oldMaintenanceOrders')
    .columns(['tenantId', 'orgId'])
    .execute();
  await db.schema
    .createIndex('oldMaintenanceOrdersElevatorDate')
    .on('oldMaintenanceOrders')
    .columns(['elevatorId', 'maintenanceDate'])
    .execute();
}
