import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { Job } from './job.js';

export const LOGIN_TABLES_CLEANUP_JOB = 'login-tables-cleanup';

/** SMS codes are kept a day after they lapse (the per-phone and per-source counts look back an hour). */
const SMS_CODES_KEPT_MS = 24 * 60 * 60_000;

/** Expired captchas and old SMS codes leave the store: the tables stay the size of the last minutes. */
export function loginTablesCleanupJob(deps: { db: Kysely<DB>; everyMs?: number }): Job {
  const { db } = deps;
  return {
    name: LOGIN_TABLES_CLEANUP_JOB,
    schedule: { everyMs: deps.everyMs ?? 60_000 },
    async run({ now }) {
      await db.deleteFrom('captchas').where('expireTime', '<', now).execute();
      await db
        .deleteFrom('smsCodes')
        .where('expireTime', '<', now - SMS_CODES_KEPT_MS)
        .execute();
    },
  };
}
