import { announcement, loginLog, messageRecord, operationLog, qualityBody, useUnit } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Entities with nothing particular about how they are stored. */
export const qualityBodyTable: TableSpec<typeof qualityBody.fields> = {
  entity: qualityBody,
  table: 'qualityBodies',
  scope: 'tenant',
};

export const useUnitTable: TableSpec<typeof useUnit.fields> = {
  entity: useUnit,
  table: 'useUnits',
  scope: 'org',
  computed: (eb) => ({
    // its tenant's elevators only, whatever another tenant's row names
    elevatorCount: eb
      .selectFrom('elevators as e')
      .select((e) => e.fn.countAll().as('n'))
      .whereRef('e.tenantId', '=', 't.tenantId')
      .whereRef('e.useUnitId', '=', 't.id'),
  }),
};

export const announcementTable: TableSpec<typeof announcement.fields> = {
  entity: announcement,
  table: 'announcements',
  scope: 'tenant',
  async beforeCreate(row, _input, { caller }) {
    row.publisher = caller.name;
    row.publishTime = row.createTime;
  },
};

export const messageRecordTable: TableSpec<typeof messageRecord.fields> = {
  entity: messageRecord,
  table: 'messageRecords',
  scope: 'org',
};
export const loginLogTable: TableSpec<typeof loginLog.fields> = { entity: loginLog, table: 'loginLogs', scope: 'org' };
export const operationLogTable: TableSpec<typeof operationLog.fields> = {
  entity: operationLog,
  table: 'operationLogs',
  scope: 'org',
};
