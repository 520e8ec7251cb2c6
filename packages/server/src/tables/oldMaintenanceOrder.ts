import { OLD_MAINTENANCE_STATUS, oldMaintenanceOrder } from '@liftcloud/client';
import { HttpError, ValidationError } from '../http/errors.js';
import { todayUtc } from '../services/maintenance/dates.js';
import type { TableSpec } from '../store/repository.js';

/** A maintenance done is not dated after today (the server's calendar day in UTC, as the other maintenance dates). */
function refuseFutureDate(date: unknown): void {
  if (typeof date === 'string' && date > todayUtc())
    throw new ValidationError(
      [{ field: 'maintenanceDate', rule: 'rule.notInFuture' }],
      oldMaintenanceOrder.createSchema,
    );
}

/**
 * Old-style maintenance orders: entered waiting for confirmation; edited or deleted only while waiting (409
 * oldMaint.locked after). Confirming and invalidating go through areas/maintenance/old-orders.ts.
 */
export const oldMaintenanceOrderTable: TableSpec<typeof oldMaintenanceOrder.fields> = {
  entity: oldMaintenanceOrder,
  table: 'oldMaintenanceOrders',
  scope: 'org',
  relatedCompanies: ['companyId'],
  // its files (the scanned record, photos) are kept as they were when it was confirmed or invalidated
  frozen: (record) => (Number(record.status) === OLD_MAINTENANCE_STATUS.waiting ? null : 'oldMaint.locked'),
  beforeCreate(row, input) {
    refuseFutureDate(input.maintenanceDate);
    row.status = OLD_MAINTENANCE_STATUS.waiting;
    return Promise.resolve();
  },
  beforeUpdate(_row, input, existing) {
    if (Number(existing.status) !== OLD_MAINTENANCE_STATUS.waiting) throw new HttpError(409, 'oldMaint.locked');
    refuseFutureDate(input.maintenanceDate);
    return Promise.resolve();
  },
  beforeDelete(existing) {
    if (Number(existing.status) !== OLD_MAINTENANCE_STATUS.waiting) throw new HttpError(409, 'oldMaint.locked');
    return Promise.resolve();
  },
};
