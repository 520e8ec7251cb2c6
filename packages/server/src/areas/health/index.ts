import { listHealth } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { elevatorHealth } from '../../services/health.js';
import type { LooseKysely } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/** GET /api/health: services/health.ts over the caller's scope (docs/health-index.md). */
export function registerHealth(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as LooseKysely;
  route(app, listHealth, async (req) => ok(await elevatorHealth(db, repos, callerOf(req), req.query, req.timeZone)));
}
