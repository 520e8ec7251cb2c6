import type { MigrationContext } from './helpers.js';

/**
 * Alarms and faults by time within a tenant: the kanban counts the last seven days (routes/monitoring-overview.ts)
 * and the lists' query spans filter on these times; without them each is a scan of the tenant's whole history.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.createIndex('alarmRecordsTime').on('alarmRecords').columns(['tenantId', 'alarmTime']).execute();
  await db.schema.createIndex('faultRecordsTime').on('faultRecords').columns(['tenantId', 'faultTime']).execute();
}
