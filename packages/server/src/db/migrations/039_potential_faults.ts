import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Potential faults (client entities/potentialFault.ts): the settings (super admin; their fault codes and weights as
 * JSON), and the potential faults the scoring job raises (jobs/potential-faults.ts). `open` is 1 while a potential
 * fault stands and NULL once cleared: the unique index on (settingId, elevatorId, open) lets one stand per setting
 * and elevator (NULLs never clash), so even two instances could not raise it twice.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('potentialFaultSettings'), dialect)))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('warningValue', 'double precision', (c) => c.notNull())
    .addColumn('statPeriod', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(200)')
    .addColumn('faultTemplate', 'varchar(100)')
    .addColumn('details', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('potentialFaultSettingsTenantId')
    .on('potentialFaultSettings')
    .columns(['tenantId', 'id'])
    .execute();

  await withTimes(withTenant(withId(db.schema.createTable('potentialFaults'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('settingId', 'integer', (c) => c.notNull())
    .addColumn('settingName', 'varchar(100)', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('warningValue', 'double precision', (c) => c.notNull())
    .addColumn('statPeriod', 'integer', (c) => c.notNull())
    .addColumn('faultCount', 'integer', (c) => c.notNull())
    .addColumn('contributions', 'text', (c) => c.notNull())
    .addColumn('raisedTime', 'bigint', (c) => c.notNull())
    .addColumn('open', 'integer')
    .addColumn('clearedTime', 'bigint')
    .addColumn('hazardRecordId', 'integer')
    .execute();
  await db.schema
    .createIndex('potentialFaultsOpen')
    .unique()
    .on('potentialFaults')
    .columns(['settingId', 'elevatorId', 'open'])
    .execute();
  await db.schema.createIndex('potentialFaultsTenantId').on('potentialFaults').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('potentialFaultsElevator').on('potentialFaults').column('elevatorId').execute();
  // the scoring reads each setting's codes over its period, across tenants
  await db.schema.createIndex('faultRecordsNoTime').on('faultRecords').columns(['faultNo', 'faultTime']).execute();
}
