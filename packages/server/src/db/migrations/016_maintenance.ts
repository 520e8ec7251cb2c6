import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Maintenance (issue 13): types with their checklist (JSON), plans and their elevators, each company's
 * settings, work orders with their items (JSON) and timeline, spot checks. Dates a person picks (plan start,
 * end, plan date, maintenance date) are calendar dates, yyyy-MM-dd text; moments are epoch milliseconds.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const table = (name: string) =>
    withTenant(withTimes(withId(db.schema.createTable(name), dialect))).addColumn('orgId', 'integer');
  const index = async (name: string) =>
    db.schema.createIndex(`${name}TenantId`).on(name).columns(['tenantId', 'id']).execute();

  await table('maintenanceTypes')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('elevatorType', 'integer', (c) => c.notNull())
    .addColumn('classification', 'integer', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .execute();
  await index('maintenanceTypes');

  await table('maintenancePlans')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('maintenanceTypeId', 'integer', (c) => c.notNull().references('maintenanceTypes.id'))
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('startDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('endDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.defaultTo(1))
    .addColumn('invalidReason', 'varchar(500)')
    // the last plan date the generation job has made orders up to (the server's own bookkeeping)
    .addColumn('generatedUntil', 'varchar(10)')
    .execute();
  await index('maintenancePlans');
  await db.schema
    .createTable('maintenancePlanElevators')
    .addColumn('planId', 'integer', (c) => c.notNull().references('maintenancePlans.id').onDelete('cascade'))
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('maintenancePlanElevatorsPk', ['planId', 'elevatorId'])
    .execute();

  await table('maintenanceSettings')
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('autoSendDay', 'integer', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('distance', 'real', (c) => c.notNull())
    .addColumn('autoGenerate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('initialTime', 'varchar(5)')
    .addColumn('signInMethod', 'integer', (c) => c.notNull())
    .addColumn('photoRequired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recordingRequired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('textRequired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('maintenanceSettings');
  await db.schema
    .createIndex('maintenanceSettingsCompany')
    .on('maintenanceSettings')
    .columns(['tenantId', 'companyId'])
    .unique()
    .execute();

  await table('maintenanceOrders')
    .addColumn('orderNo', 'varchar(30)')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('planId', 'integer')
    .addColumn('maintenanceTypeId', 'integer', (c) => c.notNull())
    .addColumn('items', 'text')
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('worker1Id', 'integer', (c) => c.notNull())
    .addColumn('worker2Id', 'integer')
    .addColumn('planDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('maintenanceDate', 'varchar(10)')
    .addColumn('duration', 'integer')
    .addColumn('status', 'integer')
    .addColumn('recentNotAccept', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion', 'varchar(1000)')
    .addColumn('workerSignatureFileId', 'integer')
    .addColumn('useUnitSignatureFileId', 'integer')
    .addColumn('evaluation', 'integer')
    .addColumn('advice', 'varchar(1000)')
    .addColumn('invalidReason', 'varchar(500)')
    .addColumn('sentTime', 'bigint')
    .addColumn('acceptTime', 'bigint')
    .addColumn('signInTime', 'bigint')
    .addColumn('signInDistance', 'real')
    .addColumn('completeTime', 'bigint')
    .addColumn('confirmTime', 'bigint')
    .execute();
  await index('maintenanceOrders');
  // one order per plan, elevator and plan date, whoever generates it and however often (orders made by hand
  // have no plan: nulls never collide)
  await db.schema
    .createIndex('maintenanceOrdersPlanDate')
    .on('maintenanceOrders')
    .columns(['planId', 'elevatorId', 'planDate'])
    .unique()
    .execute();
  await db.schema
    .createIndex('maintenanceOrdersStatus')
    .on('maintenanceOrders')
    .columns(['status', 'planDate'])
    .execute();

  await withId(db.schema.createTable('maintenanceOrderLogs'), dialect)
    .addColumn('orderId', 'integer', (c) => c.notNull().references('maintenanceOrders.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('fromStatus', 'integer')
    .addColumn('toStatus', 'integer', (c) => c.notNull())
    .addColumn('userName', 'varchar(50)')
    .addColumn('note', 'varchar(500)')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenanceOrderLogsOrder').on('maintenanceOrderLogs').column('orderId').execute();

  await table('spotChecks')
    .addColumn('checkNo', 'varchar(30)', (c) => c.notNull())
    .addColumn('orderId', 'integer', (c) => c.notNull().references('maintenanceOrders.id'))
    .addColumn('inspector', 'varchar(50)', (c) => c.notNull())
    .addColumn('checkDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('results', 'varchar(1000)')
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('rectificationStatus', 'integer', (c) => c.notNull())
    .execute();
  await index('spotChecks');
}
