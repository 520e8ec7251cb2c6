import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { generateSupervision } from '../services/supervision/generate.js';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';

export const SUPERVISION_RECORDS_JOB = 'supervision-records';

/**
 * Daily control, weekly check and monthly dispatch records (issue 17): every pass makes the records owed to the
 * lifts whose flags are set, from their use unit's default template (services/supervision/generate.ts), once per
 * lift, cycle and period under a unique index.
 */
export function supervisionRecordsJob(deps: { db: Kysely<DB>; everyMs: number }): Job {
  const db = deps.db as unknown as Kysely<LooseDB>;
  return {
    name: SUPERVISION_RECORDS_JOB,
    schedule: { everyMs: deps.everyMs },
    leaseMs: 120_000,
    async run({ now, signal, log }) {
      const made = await generateSupervision(db, now, signal);
      if (made) log.info({ made }, 'supervision records');
    },
  };
}
