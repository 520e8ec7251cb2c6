import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/** Gateway tests run by the server, and each tested gateway's window and outcome. */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTenant(withTimes(withId(db.schema.createTable('gatewayTests'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('dtuCodes', 'varchar(1000)', (c) => c.notNull())
    .addColumn('passBenchmark', 'integer')
    .addColumn('testTime', 'integer')
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('windowMs', 'integer', (c) => c.notNull())
    .addColumn('passedCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failedCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdBy', 'varchar(50)')
    .addColumn('startTime', 'bigint')
    .addColumn('finishTime', 'bigint')
    .execute();
  await db.schema.createIndex('gatewayTestsTenantId').on('gatewayTests').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('gatewayTestsState').on('gatewayTests').columns(['state', 'id']).execute();

  await withId(db.schema.createTable('gatewayTestResults'), dialect)
    .addColumn('testId', 'integer', (c) => c.notNull().references('gatewayTests.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
    .addColumn('windowStart', 'bigint')
    .addColumn('windowEnd', 'bigint')
    .addColumn('statusCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('faultCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alarmCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('onlineSeen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passed', 'integer')
    .addColumn('reason', 'integer')
    .execute();
  await db.schema
    .createIndex('gatewayTestResultsTest')
    .on('gatewayTestResults')
    .columns(['testId', 'seq'])
    .unique()
    .execute();
}
