import type { Kysely } from 'kysely';
import type { LooseDB } from '../store/repository.js';
import type { Job } from './job.js';

export const EOCD_SAMPLES_SWEEP_JOB = 'eocd-samples-sweep';
const CHUNK = 500;

/**
 * A run's raw samples are kept EOCD_SAMPLE_RETENTION_DAYS (their keepUntil); then this job deletes them, a chunk
 * at a time, and marks the runs (samplesKept 0), keeping their metrics. Safe to run twice: a second run finds
 * nothing past its time.
 */
export function eocdSamplesSweepJob(db: Kysely<LooseDB>, everyMs = 60 * 60_000): Job {
  return {
    name: EOCD_SAMPLES_SWEEP_JOB,
    schedule: { everyMs },
    async run({ now, log, signal }) {
      let deleted = 0;
      for (;;) {
        if (signal?.aborted) break;
        const rows = await db
          .selectFrom('eocdSamples')
          .select('runId')
          .where('keepUntil', '<', now)
          .orderBy('keepUntil')
          .limit(CHUNK)
          .execute();
        if (!rows.length) break;
        const ids = rows.map((r) => Number(r.runId));
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('eocdSamples').where('runId', 'in', ids).where('keepUntil', '<', now).execute();
          await trx.updateTable('eocdRuns').set({ samplesKept: 0, updateTime: now }).where('id', 'in', ids).execute();
        });
        deleted += ids.length;
        if (rows.length < CHUNK) break;
      }
      if (deleted) log.info({ deleted }, 'EOCD raw samples past their keeping time deleted');
    },
  };
}
