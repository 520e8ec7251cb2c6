import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Annual inspections (entities/inspection.ts), and the link from a repair work order to the inspection whose
 * no-pass raised it (the inspection names its order too: linked both ways); the repair order fields of orders
 * raised by people.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('inspections'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('checkNo', 'varchar(50)', (c) => c.notNull())
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('checkDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('rectificationDate', 'varchar(10)')
    .addColumn('note', 'varchar(500)')
    .addColumn('nextCheckDate', 'varchar(10)')
    .addColumn('workOrderId', 'integer')
    .execute();
  await db.schema.createIndex('inspectionsTenantId').on('inspections').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('inspectionsTenantOrg').on('inspections').columns(['tenantId', 'orgId']).execute();
  await db.schema
    .createIndex('inspectionsElevatorDate')
    .on('inspections')
    .columns(['elevatorId', 'checkDate'])
    .execute();
  await db.schema.alterTable('workOrders').addColumn('inspectionId', 'integer').execute();
  // repair orders raised by people: who called, for which property, who opened it, who confirmed it
  for (const [column, type] of [
    ['alarmPersonPhone', 'varchar(20)'],
    ['propertyName', 'varchar(100)'],
    ['launcher', 'varchar(50)'],
    ['confirmPeople', 'varchar(50)'],
  ] as const)
    await db.schema.alterTable('workOrders').addColumn(column, type).execute();
}
