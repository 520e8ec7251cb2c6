import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';

export const COMMAND_OVERTIME_JOB = 'command-overtime';

/** How long a gateway has to answer a command before it counts as overtime. */
export const COMMAND_TIMEOUT_MS = 30_000;

/** A command to a gateway with no reply in time is overtime (state 3). */
export function commandOvertimeJob(deps: { db: Kysely<DB>; everyMs: number }): Job {
  const db = deps.db as unknown as Kysely<LooseDB>;
  return {
    name: COMMAND_OVERTIME_JOB,
    schedule: { everyMs: deps.everyMs },
    async run({ now }) {
      await db
        .updateTable('commandRecords')
        .set({ state: 3, updateTime: now })
        .where('state', '=', 0)
        .where('createTime', '<', now - COMMAND_TIMEOUT_MS)
        .execute();
    },
  };
}
