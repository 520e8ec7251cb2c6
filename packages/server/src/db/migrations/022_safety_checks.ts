import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/** Safety checks (entities/safetyCheck.ts): a dated checklist of one lift, its findings and rectification. */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('safetyChecks'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('checkNo', 'varchar(50)', (c) => c.notNull())
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('checkDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('inspector', 'varchar(50)', (c) => c.notNull())
    .addColumn('machineRoom', 'integer')
    .addColumn('car', 'integer')
    .addColumn('landingDoors', 'integer')
    .addColumn('shaftPit', 'integer')
    .addColumn('safetyDevices', 'integer')
    .addColumn('emergencyAlarm', 'integer')
    .addColumn('signage', 'integer')
    .addColumn('findings', 'varchar(1000)')
    .addColumn('hazardLevel', 'integer')
    .addColumn('rectificationRequirement', 'varchar(500)')
    .addColumn('rectificationDeadline', 'varchar(10)')
    .addColumn('rectificationState', 'integer')
    .addColumn('rectifiedDate', 'varchar(10)')
    .execute();
  await db.schema.createIndex('safetyChecksTenantId').on('safetyChecks').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('safetyChecksTenantOrg').on('safetyChecks').columns(['tenantId', 'orgId']).execute();
  await db.schema.createIndex('safetyChecksElevator').on('safetyChecks').column('elevatorId').execute();
}
