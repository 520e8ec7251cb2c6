import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Day, week and month supervision (entities/supervision.ts): templates with their check items, and records. A
 * record is unique per lift, cycle and period start, so the job's second insert of one is a no-op however many
 * instances run it.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('supervisionTemplates'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('templateNo', 'varchar(50)', (c) => c.notNull())
    .addColumn('templateName', 'varchar(100)', (c) => c.notNull())
    .addColumn('enterpriseId', 'integer', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('isDefault', 'integer')
    .addColumn('items', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('supervisionTemplatesTenantId')
    .on('supervisionTemplates')
    .columns(['tenantId', 'id'])
    .execute();
  await db.schema
    .createIndex('supervisionTemplatesEnterprise')
    .on('supervisionTemplates')
    .columns(['enterpriseId', 'cycle'])
    .execute();

  await withTimes(withTenant(withId(db.schema.createTable('supervisionRecords'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('elevatorNo', 'varchar(50)')
    .addColumn('useUnit', 'varchar(100)')
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('controlDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('templateId', 'integer')
    .addColumn('items', 'text')
    .addColumn('controlResult', 'varchar(500)')
    .addColumn('checkResult', 'varchar(500)')
    .addColumn('dispatchResult', 'varchar(500)')
    .addColumn('handleResult', 'varchar(500)', (c) => c.notNull())
    .addColumn('abnormal', 'integer')
    .addColumn('officerOpinion', 'varchar(500)')
    .addColumn('directorOpinion', 'varchar(500)')
    .addColumn('summary', 'varchar(2000)')
    .addColumn('state', 'integer')
    .addColumn('creator', 'varchar(50)')
    .execute();
  await db.schema
    .createIndex('supervisionRecordsTenantId')
    .on('supervisionRecords')
    .columns(['tenantId', 'id'])
    .execute();
  await db.schema
    .createIndex('supervisionRecordsTenantOrg')
    .on('supervisionRecords')
    .columns(['tenantId', 'orgId'])
    .execute();
  await db.schema
    .createIndex('supervisionRecordsOnce')
    .on('supervisionRecords')
    .columns(['elevatorId', 'cycle', 'controlDate'])
    .unique()
    .execute();
}
