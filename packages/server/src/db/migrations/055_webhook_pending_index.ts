import { WEBHOOK_STATUS } from '@liftcloud/client';
import { sql } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * The webhook queue's index holds pending deliveries only (a partial index, SQLite and PostgreSQL alike): an
 * acknowledged delivery leaves it instead of moving to a "delivered" part that grows without end. On 100,000
 * deliveries the round's update took a quarter of the time (README, Webhooks). The queue's reads name the
 * pending status as a literal, which is what lets either store's planner pick a partial index.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('webhookDeliveriesPending').execute();
  await db.schema
    .createIndex('webhookDeliveriesQueue')
    .on('webhookDeliveries')
    .columns(['developerId', 'elevatorId', 'id'])
    .where(sql.ref('status'), '=', WEBHOOK_STATUS.pending)
    .execute();
}
