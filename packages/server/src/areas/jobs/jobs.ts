import { formatDateTime, listJobs } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { AreaDeps } from '../area.js';

/** GET /api/jobs: the background jobs and their lease rows, for ops (super admin), times in the caller's zone. */
export function registerJobRoutes(app: FastifyInstance, { jobs: scheduler }: AreaDeps): void {
  route(app, listJobs, async (req) => {
    const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms, req.timeZone));
    const states = await scheduler.states();
    return ok(
      states.map((s) => ({
        ...s,
        leaseUntil: time(s.leaseUntil),
        lastStart: time(s.lastStart),
        lastEnd: time(s.lastEnd),
        nextDue: time(s.nextDue),
      })),
    );
  });
}
