import { WEBHOOK, WEBHOOK_STATUS } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';

export const WEBHOOK_RETENTION_JOB = 'webhook-retention';

/** Deliveries read at a time, oldest first; a run goes on until it reaches one raised within the kept time. */
const BATCH = 1_000;
/** At most this many batches a run (a backlog goes on at the next run): each delete is a short write. */
const MAX_BATCHES = 20;

/**
 * Finished deliveries (delivered or failed) and their attempts (cascade) leave the delivery log `WEBHOOK.keptMs`
 * after they were raised, so the log does not grow for ever. Ids grow with time, so the oldest are read by the
 * primary key in batches, and a run stops at the first delivery still within the kept time: no index beyond the
 * key, and a pending delivery (still retried) is passed over, never deleted.
 */
export function webhookRetentionJob(deps: { db: Kysely<DB>; everyMs?: number }): Job {
  const db = deps.db as unknown as Kysely<LooseDB>;
  return {
    name: WEBHOOK_RETENTION_JOB,
    schedule: { everyMs: deps.everyMs ?? 60 * 60_000 },
    async run({ now, signal }) {
      const before = now - WEBHOOK.keptMs;
      let after = 0;
      for (let b = 0; b < MAX_BATCHES && !signal.aborted; b++) {
        const rows = await db
          .selectFrom('webhookDeliveries')
          .select(['id', 'createTime', 'status'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        const old = rows.filter((r) => Number(r.createTime) < before);
        const done = old.filter((r) => Number(r.status) !== WEBHOOK_STATUS.pending).map((r) => Number(r.id));
        if (done.length)
          await db
            .deleteFrom('webhookDeliveries')
            .where('id', 'in', done)
            .where('status', '<>', WEBHOOK_STATUS.pending)
            .execute();
        if (old.length < rows.length || rows.length < BATCH) return;
        after = Number(rows[rows.length - 1]!.id);
      }
    },
  };
}
