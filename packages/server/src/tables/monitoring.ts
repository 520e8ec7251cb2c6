import { alarmRecord, commandRecord, eventRecord, faultRecord, workOrder } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

export const faultRecordTable: TableSpec<typeof faultRecord.fields> = {
  entity: faultRecord,
  table: 'faultRecords',
  scope: 'org',
};
export const alarmRecordTable: TableSpec<typeof alarmRecord.fields> = {
  entity: alarmRecord,
  table: 'alarmRecords',
  scope: 'org',
};
export const eventRecordTable: TableSpec<typeof eventRecord.fields> = {
  entity: eventRecord,
  table: 'eventRecords',
  scope: 'org',
};
/** Work orders are opened by alarms and moved by their action routes (areas/work-orders/actions.ts). */
export const workOrderTable: TableSpec<typeof workOrder.fields> = {
  entity: workOrder,
  table: 'workOrders',
  scope: 'org',
};
/** Commands to gateways: sent through areas/registry/commands.ts, answered through the ingest. */
export const commandRecordTable: TableSpec<typeof commandRecord.fields> = {
  entity: commandRecord,
  table: 'commandRecords',
  scope: 'org',
};
