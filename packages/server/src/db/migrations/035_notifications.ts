import type { MigrationContext } from './helpers.js';

/**
 * Notifications (issue 16, services/notifications.ts): a message record is also the send queue. Who it is for,
 * which topic raised it (alarm, repair, maintenance), how often it was tried, when it is next due and why it last
 * failed; the message-sends job reads the due ones by nextAttemptTime. And when a developer's push URL failing
 * for days was switched off, with its notice.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('messageRecords').addColumn('userId', 'integer').execute();
  await db.schema.alterTable('messageRecords').addColumn('topic', 'varchar(20)').execute();
  await db.schema
    .alterTable('messageRecords')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('messageRecords').addColumn('nextAttemptTime', 'bigint').execute();
  await db.schema.alterTable('messageRecords').addColumn('lastError', 'varchar(200)').execute();
  // a developer push URL failing for days is switched off: when, and the notice of which (services/webhooks.ts)
  await db.schema.alterTable('developers').addColumn('webhookOffTime', 'bigint').execute();
  await db.schema.alterTable('developers').addColumn('webhookOffNote', 'varchar(500)').execute();
  await db.schema.createIndex('messageRecordsDue').on('messageRecords').columns(['nextAttemptTime', 'id']).execute();
}
