import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Call-elevator records (domain.md §3 "Other event records": username, mobile, floors, operation type): a person
 * calling a lift from the app or a hall QR code, as the lift's gateway reports it (an `event` of kind `liftCall`,
 * docs/gateway-protocol.md). Keyed like the other gateway records by (DTU, message id); read by time per tenant
 * for the call-elevator statistics.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTenant(withTimes(withId(db.schema.createTable('liftCallRecords'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
    .addColumn('msgId', 'varchar(64)', (c) => c.notNull())
    .addColumn('callTime', 'bigint', (c) => c.notNull())
    .addColumn('username', 'varchar(50)')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('startFloor', 'integer')
    .addColumn('endFloor', 'integer')
    .addColumn('operationType', 'integer', (c) => c.notNull())
    .addUniqueConstraint('liftCallRecords_message', ['dtuCode', 'msgId'])
    .execute();
  await db.schema.createIndex('liftCallRecordsTenantId').on('liftCallRecords').columns(['tenantId', 'id']).execute();
  await db.schema
    .createIndex('liftCallRecordsTenantOrg')
    .on('liftCallRecords')
    .columns(['tenantId', 'orgId'])
    .execute();
  await db.schema.createIndex('liftCallRecordsElevator').on('liftCallRecords').column('elevatorId').execute();
  await db.schema.createIndex('liftCallRecordsTime').on('liftCallRecords').columns(['tenantId', 'callTime']).execute();
}
