import { WEBHOOK, WEBHOOK_STATUS } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';

/** What one attempt of a delivery came to, as services/webhooks.ts's postWebhook answers it. */
export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  excerpt: string | null;
}

/** One attempt to record: the delivery as it was read (its attempts guard the update) and what the POST answered. */
export interface AttemptResult {
  id: number;
  /** The attempts the delivery had when it was read. */
  attempts: number;
  outcome: AttemptOutcome;
  ok: boolean;
  givenUp: boolean;
}

/** The wait before the next try after `attempts` failed ones: 30 s doubling, at most 6 h apart. */
export const backoffMs = (attempts: number): number =>
  Math.min(WEBHOOK.firstBackoffMs * 2 ** Math.max(0, attempts - 1), WEBHOOK.maxBackoffMs);

/** Attempt log rows a single INSERT carries (6 values each: well under SQLite's and PostgreSQL's limits). */
const ATTEMPT_ROWS_PER_INSERT = 500;

/** Ids a single guarded UPDATE carries (well under SQLite's and PostgreSQL's parameter limits). */
const IDS_PER_UPDATE = 500;

/**
 * Records a round of attempts in one transaction: each delivery's update is guarded by the attempts it was read
 * with (a run taken over after a lapsed lease never counts an attempt twice), and the log lines of the updates
 * that took go in multi-row inserts. Acknowledged deliveries, the bulk of a round, share one UPDATE per
 * (attempts read, status code) with RETURNING telling which took; failures, each with its own error and retry
 * time, are updated one by one. A crash before the commit loses the round's outcomes, not its deliveries: they
 * are still pending and are sent again (at least once; receivers tell repeats by webhook-id). Answers the ids
 * whose outcome was recorded.
 */
export async function recordOutcomes(db: Kysely<DB>, results: AttemptResult[], now: number): Promise<Set<number>> {
  const recorded = new Set<number>();
  if (!results.length) return recorded;
  const acknowledged = new Map<string, { attempts: number; statusCode: number | null; ids: number[] }>();
  for (const r of results.filter((r) => r.ok)) {
    const key = `${r.attempts}:${r.outcome.statusCode}`;
    const group = acknowledged.get(key) ?? { attempts: r.attempts, statusCode: r.outcome.statusCode, ids: [] };
    group.ids.push(r.id);
    acknowledged.set(key, group);
  }
  await db.transaction().execute(async (trx) => {
    for (const group of acknowledged.values())
      for (let i = 0; i < group.ids.length; i += IDS_PER_UPDATE) {
        const took = await trx
          .updateTable('webhookDeliveries')
          .set({
            attempts: group.attempts + 1,
            status: WEBHOOK_STATUS.delivered,
            lastAttemptTime: now,
            lastStatusCode: group.statusCode,
            lastError: null,
            deliveredTime: now,
            nextAttemptTime: null,
            updateTime: now,
          })
          .where('id', 'in', group.ids.slice(i, i + IDS_PER_UPDATE))
          .where('attempts', '=', group.attempts)
          .where('status', '=', WEBHOOK_STATUS.pending)
          .returning('id')
          .execute();
        for (const row of took) recorded.add(Number(row.id));
      }
    for (const r of results.filter((r) => !r.ok)) {
      const attempts = r.attempts + 1;
      const moved = await trx
        .updateTable('webhookDeliveries')
        .set({
          attempts,
          status: r.givenUp ? WEBHOOK_STATUS.failed : WEBHOOK_STATUS.pending,
          lastAttemptTime: now,
          lastStatusCode: r.outcome.statusCode,
          lastError: r.outcome.error,
          deliveredTime: null,
          nextAttemptTime: r.givenUp ? null : now + backoffMs(attempts),
          updateTime: now,
        })
        .where('id', '=', r.id)
        .where('attempts', '=', r.attempts)
        .where('status', '=', WEBHOOK_STATUS.pending)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) > 0) recorded.add(r.id);
    }
    const rows = results
      .filter((r) => recorded.has(r.id))
      .map((r) => ({
        deliveryId: r.id,
        attemptTime: now,
        statusCode: r.outcome.statusCode,
        latencyMs: r.outcome.latencyMs,
        error: r.outcome.error,
        responseExcerpt: r.outcome.excerpt,
      }));
    for (let i = 0; i < rows.length; i += ATTEMPT_ROWS_PER_INSERT)
      await trx
        .insertInto('webhookAttempts')
        .values(rows.slice(i, i + ATTEMPT_ROWS_PER_INSERT))
        .execute();
  });
  return recorded;
}
