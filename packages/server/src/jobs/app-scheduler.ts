import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { Scheduler } from './scheduler.js';

export interface JobOptions {
  /** This instance's name in the lease rows (default: host, process and a random suffix). */
  instanceId?: string;
  /** The time (tests inject one). */
  clock?: () => number;
  /** Off: nothing runs by itself; tests drive app.jobs.runDue(now). On by default. */
  timer?: boolean;
}

/** The app's scheduler: its timer starts once the app is ready, and it stops (leases given back) as the app closes. */
export function appScheduler(app: FastifyInstance, db: Kysely<DB>, opts: JobOptions = {}): Scheduler {
  const scheduler = new Scheduler({ db, log: app.log, instanceId: opts.instanceId, clock: opts.clock });
  if (opts.timer !== false) app.addHook('onReady', async () => scheduler.start());
  // preClose: before the onClose hooks close the bus and brokers a running job may still use
  app.addHook('preClose', async () => scheduler.stop());
  return scheduler;
}
