import { checkQuerySpans, decimalIssues, entityOperations } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { invalidateCallers } from '../../services/caller.js';
import { EXPOSED, type Exposure } from '../../tables/index.js';
import { repositoryFor } from '../../store/repositories.js';
import type { AreaDeps } from '../area.js';
import type { Repository } from '../../store/repository.js';

/** Tables whose changes alter who may do what: cached identities are dropped after a write. */
const IDENTITY_TABLES = new Set(['users', 'roles', 'companies', 'tenants', 'sessions']);

/**
 * The generic calls of console-shell.md §7 for one entity: list, get, create (POST), update (PUT with an
 * id), delete. The operations come from the entity definition (the client's entityOperations), so
 * validation, OpenAPI and the client's calls cannot drift.
 */
function registerEntityRoutes(app: FastifyInstance, exposure: Exposure, repo: Repository): void {
  const { table } = exposure;
  const { entity } = table;
  const ops = entityOperations(entity);
  const afterWrite = () => {
    if (IDENTITY_TABLES.has(table.table)) invalidateCallers();
  };
  const refine = (body: Record<string, unknown>, schema: typeof entity.createSchema) => {
    const issues = entity.refine?.(body) ?? [];
    if (issues.length) throw new ValidationError(issues, schema);
  };
  /** The float rule (at most `decimals` decimals) on the numbers sent. */
  const checkDecimals = (sent: Record<string, unknown>, schema: typeof entity.createSchema) => {
    const issues = decimalIssues(entity.fields, sent);
    if (issues.length) throw new ValidationError(issues, schema);
  };

  route(app, ops.list, async (req) => {
    const spans = checkQuerySpans(entity, req.query);
    if (spans.length) throw new ValidationError(spans, entity.querySchema);
    return ok(await repo.list(callerOf(req), req.query, req.timeZone));
  });

  route(app, ops.get, async (req) => ok(await repo.get(callerOf(req), req.params.id, req.timeZone)));

  if (exposure.readOnly) return;

  // ?replace=true only where a device may be moved from another elevator
  const create = table.rebindBy ? ops.create : { ...ops.create, query: undefined };
  route(app, create, async (req) => {
    checkDecimals(req.body, entity.createSchema);
    refine(req.body, entity.createSchema);
    const replace = confirmsReplace(req.query);
    const record = await repo.create(callerOf(req), req.body, req.timeZone, { replace });
    afterWrite();
    return ok(record);
  });

  route(app, ops.update, async (req) => {
    // cross-field rules judge the record as it will be: the stored values with the changes on top
    checkDecimals(req.body, entity.patchSchema);
    const current = await repo.get(callerOf(req), req.body.id, req.timeZone);
    refine({ ...current, ...req.body }, entity.patchSchema);
    const record = await repo.update(callerOf(req), req.body, req.timeZone);
    afterWrite();
    return ok(record);
  });

  route(app, ops.remove, async (req) => {
    await repo.remove(callerOf(req), req.params.id);
    afterWrite();
    return ok(null);
  });
}

/** ?replace=true, on the entities whose devices may be moved from another elevator. */
const confirmsReplace = (query: unknown): boolean =>
  typeof query === 'object' && query !== null && 'replace' in query && query.replace === true;

/** Every exposed entity's generic routes (tables/index.ts), over its repository. */
export function registerCrud(app: FastifyInstance, { repos }: AreaDeps): void {
  for (const exposure of EXPOSED) registerEntityRoutes(app, exposure, repositoryFor(repos, exposure.table.entity.name));
}
