import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { logOperation } from '../services/audit.js';

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Summary of what a write did, without secrets: the route, the record's id and its name if it has one. */
function describe(method: string, route: string, body: unknown, params: unknown): string {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const id = p.id ?? b.id;
  const name = b.name ?? b.username ?? b.title ?? b.host;
  return [
    method,
    route,
    id !== undefined ? `#${String(id)}` : '',
    typeof name === 'string' ? `"${name.slice(0, 100)}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Every successful write by a logged-in caller lands in the operation log: who, when and what. It is written
 * before the answer leaves (onSend), so a caller who reads the log next finds the entry.
 */
export function installOperationLog(app: FastifyInstance, db: Kysely<DB>): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const caller = req.callerOrNull;
    if (!caller || !WRITES.has(req.method) || reply.statusCode >= 400) return payload;
    const route = req.routeOptions.url ?? req.url;
    try {
      await logOperation(db, {
        tenantId: caller.scope.tenantId ?? caller.tenantId,
        orgId: caller.orgId || null,
        userName: caller.username,
        method: req.method,
        path: req.url.split('?')[0] ?? route,
        content: describe(req.method, route, req.body, req.params),
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
}
