import { JobStateList, formatDateTime } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { envelope, ok } from '../http/envelope.js';
import type { Scheduler } from '../jobs/scheduler.js';

/**
 * GET /api/jobs: the background jobs and their lease rows, for ops (super admin: the jobs are the platform's,
 * not a tenant's). Read-only; to be declared as an operation once the client's operations land.
 */
export function registerJobRoutes(app: FastifyInstance, scheduler: Scheduler): void {
  app.get('/api/jobs', {
    config: { permission: 'superAdmin' },
    schema: {
      tags: ['job'],
      summary: 'Background jobs: schedule, who runs each now, how the last run went, when it is next due',
      response: { 200: envelope(JobStateList) },
    },
    handler: async (req) => {
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
    },
  });
}
