import { allows, type Permission } from '@liftcloud/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { resolveCaller, type Caller } from '../services/caller.js';

/** What a route needs: a named PERMISSION of the client (an index, any-of list, 'superAdmin' or 'public'). */
export type { Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** Allowed while the password must be changed (after a reset). */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    callerOrNull: Caller | null;
  }
}

/** The caller of an authenticated route (set by the auth hook before any handler runs). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.callerOrNull) throw unauthorized();
  return req.callerOrNull;
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  // A browser cannot set headers on a WebSocket: the live channel also takes ?token=.
  if (!h && req.url.startsWith('/api/ws')) return new URL(req.url, 'http://x').searchParams.get('token');
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? (h.includes(' ') ? null : h);
}

/** Every /api route declares its permission; a route that forgets is refused rather than left open. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Kysely<DB> }) => {
  app.decorateRequest('callerOrNull', null);
  // onRequest: identity and permission are settled before a body is read or validated.
  app.addHook('onRequest', async (req) => {
    const permission = req.routeOptions.config?.permission;
    if (!req.url.startsWith('/api/') || permission === 'public' || req.is404) return;
    if (permission === undefined) throw new HttpError(403, 'error.forbidden');
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const orgHeader = req.headers['x-org-id'];
    const caller = await resolveCaller(opts.db, token, Array.isArray(orgHeader) ? orgHeader[0] : orgHeader);
    req.callerOrNull = caller;
    if (caller.mustChangePassword && !req.routeOptions.config.duringPasswordChange)
      throw new HttpError(403, 'login.mustChangePassword');
    if (permission === 'superAdmin') {
      if (!caller.superAdmin) throw new HttpError(403, 'error.superAdminOnly');
      return;
    }
    if (!allows(caller.username, caller.auth, permission)) throw new HttpError(403, 'error.forbidden');
  });
});
