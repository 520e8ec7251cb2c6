import { AWAITING_CONFIRM_STATES } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { WorkOrderService } from '../services/work-orders.js';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';

export const AUTO_CONFIRM_JOB = 'work-order-auto-confirm';

/** A finished order nobody confirmed within `autoConfirmAfterMs` is confirmed by the platform (state 7). */
export function autoConfirmJob(deps: {
  db: Kysely<DB>;
  workOrders: WorkOrderService;
  autoConfirmAfterMs: number;
  everyMs: number;
}): Job {
  const db = deps.db as unknown as Kysely<LooseDB>;
  return {
    name: AUTO_CONFIRM_JOB,
    schedule: { everyMs: deps.everyMs },
    async run({ now, signal }) {
      const waiting = await db
        .selectFrom('workOrders')
        .select('id')
        .where('recordState', 'in', [...AWAITING_CONFIRM_STATES])
        .where('finishTime', '<', now - deps.autoConfirmAfterMs)
        .where('paused', '=', 0)
        .orderBy('id')
        .execute();
      for (const { id } of waiting) {
        signal.throwIfAborted();
        await deps.workOrders.autoConfirm(Number(id), now);
      }
    },
  };
}
