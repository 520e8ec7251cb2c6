import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.js';
import type { AppContext } from '../context.js';
import type { Scheduler } from '../jobs/scheduler.js';
import type { Monitoring } from '../monitoring/index.js';
import type { Repositories } from '../store/repositories.js';

/** What every area is given: the store and services, each entity's repository, the live side, the jobs, the options. */
export interface AreaDeps extends AppContext {
  repos: Repositories;
  monitoring: Monitoring;
  jobs: Scheduler;
  options: AppOptions;
}

/**
 * One part of the API (identity, registry, monitoring, ...): a Fastify plugin that serves its declared
 * operations (client operations/<area>.ts). app.ts registers each from AREAS, in its own encapsulated scope,
 * so what an area registers for itself (a multipart parser and its limits) stays inside it.
 */
export interface Area {
  name: string;
  register(app: FastifyInstance, deps: AreaDeps): void | Promise<void>;
}

/** An area's routes registered one file after the other: each file serves the operations it is named for. */
export const area = (name: string, ...parts: Area['register'][]): Area => ({
  name,
  async register(app, deps) {
    for (const part of parts) await part(app, deps);
  },
});
