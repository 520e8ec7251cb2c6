import { alarmRecord, commandRecord, eventRecord, faultRecord, workOrder } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** The elevator's current name beside each record kept by the ingest (read-only, scoped like its elevator). */
export const elevatorName = (eb: Parameters<NonNullable<TableSpec['computed']>>[0]) => ({
  elevatorName: eb.selectFrom('elevators as e').select('e.name').whereRef('e.id', '=', 't.elevatorId'),
});

export const faultRecordTable: TableSpec<typeof faultRecord.fields> = {
  entity: faultRecord,
  table: 'faultRecords',
  scope: 'org',
  computed: elevatorName,
};
export const alarmRecordTable: TableSpec<typeof alarmRecord.fields> = {
  entity: alarmRecord,
  table: 'alarmRecords',
  scope: 'org',
  computed: elevatorName,
};
export const eventRecordTable: TableSpec<typeof eventRecord.fields> = {
  entity: eventRecord,
  table: 'eventRecords',
  scope: 'org',
  computed: elevatorName,
};
/** Work orders are opened by alarms and moved by their action routes (routes/work-orders.ts). */
export const workOrderTable: TableSpec<typeof workOrder.fields> = {
  entity: workOrder,
  table: 'workOrders',
  scope: 'org',
};
/** Commands to gateways: sent through routes/commands.ts, answered through the ingest. */
export const commandRecordTable: TableSpec<typeof commandRecord.fields> = {
  entity: commandRecord,
  table: 'commandRecords',
  scope: 'org',
};
