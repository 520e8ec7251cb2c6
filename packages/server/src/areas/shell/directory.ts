import {
  dictionaryTree,
  getDictionaries,
  getPublicUiSetting,
  getRuntimeConfig,
  listOrganisations,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { uiSettingForHost } from '../../services/sessions.js';

/** Lookups the shell needs: runtime config, dictionaries, the organisation selector, branding. */
export function registerDirectoryRoutes(app: FastifyInstance, ctx: AreaDeps): void {
  const { db } = ctx.store;

  route(app, getRuntimeConfig, async (req) => {
    const proto = req.protocol === 'https' ? 'wss' : 'ws';
    return ok({
      apiBase: '/api',
      wsUrl: `${proto}://${req.host}/api/ws`,
      version: ctx.version,
      mapTiles: ctx.options.mapTiles ?? null,
    });
  });

  route(app, getDictionaries, async (req) => ok(dictionaryTree(req.lang)));

  route(app, listOrganisations, async (req) => {
    const caller = callerOf(req);
    if (caller.superAdmin) {
      const roots = await db
        .selectFrom('tenants as t')
        .innerJoin('companies as c', 'c.id', 't.initialCompanyId')
        .select(['c.id', 'c.name', 'c.parentId'])
        .orderBy('c.id')
        .execute();
      return ok([{ id: 0, name: 'Platform', parentId: null }, ...roots]);
    }
    let q = db.selectFrom('companies').select(['id', 'name', 'parentId']).where('tenantId', '=', caller.tenantId);
    if (caller.companyId !== null && !caller.tenantAdmin) {
      const own = await db
        .selectFrom('companies')
        .select('path')
        .where('id', '=', caller.companyId)
        .executeTakeFirstOrThrow();
      q = q.where('path', 'like', `${own.path}%`);
    }
    return ok(await q.orderBy('path').execute());
  });

  route(app, getPublicUiSetting, async (req) => {
    const host = req.query.host || req.hostname;
    return ok(await uiSettingForHost(db, host));
  });
}
