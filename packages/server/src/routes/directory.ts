import { dictionaryTree, ENUMS, OrgEntry, PublicUiSetting, RuntimeConfig, type EnumName } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { envelope, ok } from '../http/envelope.js';
import { callerOf } from '../plugins/auth.js';
import { uiSettingForHost } from '../services/sessions.js';

const DictTree = Type.Object(
  Object.fromEntries(
    Object.keys(ENUMS).map((name) => [name, Type.Array(Type.Object({ code: Type.Integer(), desc: Type.String() }))]),
  ) as unknown as Record<EnumName, ReturnType<typeof Type.Array>>,
);

/** Lookups the shell needs: runtime config, dictionaries, the organisation selector, branding. */
export function registerDirectoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.store;

  app.get('/api/config', {
    config: { permission: 'public' },
    schema: {
      tags: ['shell'],
      summary: 'Runtime configuration for the console',
      response: { 200: envelope(RuntimeConfig) },
    },
    handler: async (req) => {
      const proto = req.protocol === 'https' ? 'wss' : 'ws';
      return ok({ apiBase: '/api', wsUrl: `${proto}://${req.host}/api/ws`, version: ctx.version });
    },
  });

  app.get('/api/dicts/mapTree', {
    config: { permission: -1 },
    schema: {
      tags: ['shell'],
      summary: 'Every dictionary, options with code and desc',
      response: { 200: envelope(DictTree) },
    },
    handler: async (req) => ok(dictionaryTree(req.lang)),
  });

  app.get('/api/main/authChildrenOrg', {
    config: { permission: -1 },
    schema: {
      tags: ['shell'],
      summary: 'Organisations the caller may switch to',
      response: { 200: envelope(Type.Array(OrgEntry)) },
    },
    handler: async (req) => {
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
    },
  });

  app.get('/api/uiSettings/public', {
    config: { permission: 'public' },
    schema: {
      tags: ['shell'],
      summary: 'Branding for a host name (no login)',
      querystring: Type.Object({ host: Type.Optional(Type.String({ maxLength: 253 })) }),
      response: { 200: envelope(PublicUiSetting) },
    },
    handler: async (req) => {
      const host = (req.query as { host?: string }).host || req.hostname;
      return ok(await uiSettingForHost(db, host));
    },
  });
}
