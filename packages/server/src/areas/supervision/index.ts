import type { FastifyInstance } from 'fastify';
import { supervisionRecordsJob } from '../../jobs/supervision-records.js';
import type { AreaDeps } from '../area.js';

/** How often the supervision job runs: a new day's, week's or month's records are at most this late. */
export const SUPERVISION_JOB_EVERY_MS = 15 * 60_000;

/** Day, week and month supervision (issue 17): templates and records are entities; this adds their job. */
export function registerSupervision(_app: FastifyInstance, deps: AreaDeps): void {
  deps.jobs.add(supervisionRecordsJob({ db: deps.store.db, everyMs: SUPERVISION_JOB_EVERY_MS }));
}
