import { callRecord, hazardRecord, liftCallRecord } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Intercom calls the ingest keeps (index 38): scoped like the other gateway records, read-only. */
export const callRecordTable: TableSpec<typeof callRecord.fields> = {
  entity: callRecord,
  table: 'callRecords',
  scope: 'org',
};

/** Safety hazards from hazard events and from faults with a hazard code (index 821). */
export const hazardRecordTable: TableSpec<typeof hazardRecord.fields> = {
  entity: hazardRecord,
  table: 'hazardRecords',
  scope: 'org',
};

/** Call-elevator records from liftCall events (index 38, beside the intercom calls). */
export const liftCallRecordTable: TableSpec<typeof liftCallRecord.fields> = {
  entity: liftCallRecord,
  table: 'liftCallRecords',
  scope: 'org',
};
