import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * SMS templates, and webhook deliveries (client entities/webhookDelivery.ts): the durable queue written in the transaction that
 * stores the event, sent by the webhook-deliveries job, and each attempt's log line.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('webhookDeliveries'), dialect)))
    .addColumn('developerId', 'integer', (c) => c.notNull().references('developers.id').onDelete('cascade'))
    .addColumn('eventType', 'varchar(30)', (c) => c.notNull())
    .addColumn('elevatorId', 'integer')
    .addColumn('eventTime', 'bigint', (c) => c.notNull())
    .addColumn('msgId', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(300)', (c) => c.notNull())
    .addColumn('payload', 'varchar(4000)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptTime', 'bigint')
    .addColumn('lastAttemptTime', 'bigint')
    .addColumn('lastStatusCode', 'integer')
    .addColumn('lastError', 'varchar(200)')
    .addColumn('deliveredTime', 'bigint')
    .execute();
  await db.schema
    .createIndex('webhookDeliveriesTenantId')
    .on('webhookDeliveries')
    .columns(['tenantId', 'id'])
    .execute();
  // the queue's heads: pending deliveries per developer and elevator, oldest first
  await db.schema
    .createIndex('webhookDeliveriesPending')
    .on('webhookDeliveries')
    .columns(['status', 'developerId', 'elevatorId', 'id'])
    .execute();
  await withId(db.schema.createTable('webhookAttempts'), dialect)
    .addColumn('deliveryId', 'integer', (c) => c.notNull().references('webhookDeliveries.id').onDelete('cascade'))
    .addColumn('attemptTime', 'bigint', (c) => c.notNull())
    .addColumn('statusCode', 'integer')
    .addColumn('latencyMs', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(200)')
    .addColumn('responseExcerpt', 'varchar(500)')
    .execute();
  // SMS templates (client entities/smsTemplate.ts), the platform's, kept in the super admin's tenant
  await withTimes(withTenant(withId(db.schema.createTable('smsTemplates'), dialect)))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('params', 'varchar(300)')
    .execute();
  await db.schema.createIndex('smsTemplatesTenantId').on('smsTemplates').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('webhookAttemptsDelivery').on('webhookAttempts').columns(['deliveryId', 'id']).execute();
}
