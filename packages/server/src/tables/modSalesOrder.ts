import { modSalesOrder } from '@liftcloud/client';
import { randomBytes } from 'node:crypto';
import type { TableSpec } from '../store/repository.js';

/** Modernisation sales orders: each gets the unguessable key of its scheme's public link (192 random bits). */
export const modSalesOrderTable: TableSpec<typeof modSalesOrder.fields> = {
  entity: modSalesOrder,
  table: 'modSalesOrders',
  scope: 'org',
  links: { elevatorIds: { table: 'modSalesOrderElevators', ownKey: 'orderId', otherKey: 'elevatorId' } },
  async beforeCreate(row) {
    row.schemeKey = randomBytes(24).toString('base64url');
  },
};
