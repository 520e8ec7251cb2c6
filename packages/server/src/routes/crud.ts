import { checkQuerySpans } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { envelope, IdParams, NullData, ok, pageOf } from '../http/envelope.js';
import { ValidationError } from '../http/errors.js';
import { callerOf } from '../plugins/auth.js';
import { invalidateCallers } from '../services/caller.js';
import type { Exposure } from '../tables/index.js';
import { Repository } from '../store/repository.js';
import type { AppContext } from '../context.js';

/** Tables whose changes alter who may do what: cached identities are dropped after a write. */
const IDENTITY_TABLES = new Set(['users', 'roles', 'companies', 'tenants', 'sessions']);

/**
 * The generic calls of console-shell.md §7 for one entity: list, get, create (POST), update (PUT with an
 * id), delete. Schemas come from the entity definition, so validation and OpenAPI cannot drift.
 */
export function registerCrud(app: FastifyInstance, ctx: AppContext, exposure: Exposure): Repository {
  const { table, read, write } = exposure;
  const { entity } = table;
  const repo = new Repository(table, ctx.store.db, ctx.countCacheMs);
  const url = `/api/${entity.path}`;
  const tags = [entity.name];
  const afterWrite = () => {
    if (IDENTITY_TABLES.has(table.table)) invalidateCallers();
  };
  const refine = (body: Record<string, unknown>, schema: typeof entity.createSchema) => {
    const issues = entity.refine?.(body) ?? [];
    if (issues.length) throw new ValidationError(issues, schema);
  };

  app.get(url, {
    config: { permission: read },
    schema: {
      tags,
      summary: `List ${entity.label['en-US']}`,
      querystring: entity.querySchema,
      response: { 200: envelope(pageOf(entity.recordSchema)) },
    },
    handler: async (req) => {
      const query = req.query as Record<string, unknown>;
      const spans = checkQuerySpans(entity, query);
      if (spans.length) throw new ValidationError(spans, entity.querySchema);
      return ok(await repo.list(callerOf(req), query, req.timeZone));
    },
  });

  app.get(`${url}/:id`, {
    config: { permission: read },
    schema: {
      tags,
      summary: `Get ${entity.label['en-US']}`,
      params: IdParams,
      response: { 200: envelope(entity.recordSchema) },
    },
    handler: async (req) => ok(await repo.get(callerOf(req), (req.params as { id: number }).id, req.timeZone)),
  });

  if (exposure.readOnly) return repo;

  app.post(url, {
    config: { permission: write },
    schema: {
      tags,
      summary: `Create ${entity.label['en-US']}`,
      body: entity.createSchema,
      ...(table.rebindBy ? { querystring: ReplaceQuery } : {}),
      response: { 200: envelope(entity.recordSchema) },
    },
    handler: async (req) => {
      const body = req.body as Record<string, unknown>;
      refine(body, entity.createSchema);
      const replace = (req.query as { replace?: boolean } | undefined)?.replace === true;
      const record = await repo.create(callerOf(req), body, req.timeZone, { replace });
      afterWrite();
      return ok(record);
    },
  });

  app.put(url, {
    config: { permission: write },
    schema: {
      tags,
      summary: `Update ${entity.label['en-US']}`,
      description:
        'Changes only the fields the body names. With `revision` (as read), a record saved by someone else since is refused with 409.',
      body: entity.patchSchema,
      response: { 200: envelope(entity.recordSchema) },
    },
    handler: async (req) => {
      const body = req.body as Record<string, unknown>;
      // cross-field rules judge the record as it will be: the stored values with the changes on top
      const current = await repo.get(callerOf(req), Number(body.id), req.timeZone);
      refine({ ...current, ...body }, entity.patchSchema);
      const record = await repo.update(callerOf(req), body, req.timeZone);
      afterWrite();
      return ok(record);
    },
  });

  app.delete(`${url}/:id`, {
    config: { permission: write },
    schema: {
      tags,
      summary: `Delete ${entity.label['en-US']}`,
      params: IdParams,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      await repo.remove(callerOf(req), (req.params as { id: number }).id);
      afterWrite();
      return ok(null);
    },
  });
  return repo;
}

/** ?replace=true confirms moving a device bound to another elevator. */
const ReplaceQuery = Type.Object({ replace: Type.Optional(Type.Boolean()) });

export const EmptyBody = Type.Object({}, { additionalProperties: false });
