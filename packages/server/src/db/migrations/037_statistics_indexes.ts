import type { MigrationContext } from './helpers.js';

/**
 * The statistics and reports (issue 17): a power cut is paired with the lift's next restore (a lookup per cut by
 * elevator, kind and time), the period picks a tenant's power-downs by time, and the call statistics read a
 * tenant's calls by time. Without these each cut scanned all of its lift's events and each period the tenant's
 * whole history (bench/monthly-report.ts).
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('eventRecordsElevatorKindTime')
    .on('eventRecords')
    .columns(['elevatorId', 'kind', 'eventTime'])
    .execute();
  await db.schema
    .createIndex('eventRecordsTenantKindTime')
    .on('eventRecords')
    .columns(['tenantId', 'kind', 'eventTime'])
    .execute();
  await db.schema.createIndex('callRecordsTime').on('callRecords').columns(['tenantId', 'callTime']).execute();
}
