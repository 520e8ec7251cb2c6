import { webhookDelivery } from '@liftcloud/client';
import type { TableSpec } from '../store/repository.js';

/** Webhook deliveries: listed (super admin), written only by services/webhooks.ts. */
export const webhookDeliveryTable: TableSpec<typeof webhookDelivery.fields> = {
  entity: webhookDelivery,
  table: 'webhookDeliveries',
  scope: 'tenant',
};
