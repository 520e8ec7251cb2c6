import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { Job } from './job.js';

export const OPEN_API_SWEEP_JOB = 'open-api-sweep';

/** Nonces past the replay window and rate counts of past minutes leave the store (areas/developers/open-api.ts). */
export function openApiSweepJob(deps: { db: Kysely<DB>; everyMs?: number }): Job {
  const { db } = deps;
  return {
    name: OPEN_API_SWEEP_JOB,
    schedule: { everyMs: deps.everyMs ?? 5 * 60_000 },
    async run({ now }) {
      await db.deleteFrom('openApiNonces').where('expireTime', '<', now).execute();
      await db
        .deleteFrom('openApiRates')
        .where('windowStart', '<', now - 2 * 60_000)
        .execute();
    },
  };
}
