import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * The repair work order's alarm flow flags (client workflow/workOrder.ts WORK_ORDER_FLAGS): one 0/1 column
 * each, raised by the work-order service in the UPDATE that moves the state. Orders opened before this
 * migration get theirs from their timeline (workOrderLogs), which has a row for every move they made.
 */
const FLAG_ACTIONS = [
  ['reported', 'report'],
  ['answered', 'receive'],
  ['arrived', 'arrive'],
  ['finished', 'finish'],
  ['recovered', 'recover'],
  ['confirmed', 'confirm'],
  ['autoConfirmed', 'autoConfirm'],
  ['cancelled', 'cancel'],
] as const;

export async function up({ db }: MigrationContext): Promise<void> {
  // every order was reported (a row is an order an alarm or a person opened): its default is 1
  for (const [column] of FLAG_ACTIONS)
    await db.schema
      .alterTable('workOrders')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(column === 'reported' ? 1 : 0))
      .execute();
  await flagsFromTimeline(db);
}

/** Raise each order's flags for the moves its timeline records (exported for its test). */
export async function flagsFromTimeline(db: Kysely<unknown>): Promise<void> {
  for (const [column, action] of FLAG_ACTIONS)
    await sql`update ${sql.table('workOrders')} set ${sql.ref(column)} = 1 where exists (select 1 from ${sql.table(
      'workOrderLogs',
    )} l where l.${sql.ref('workOrderId')} = ${sql.table('workOrders')}.id and l.action = ${action})`.execute(db);
}
