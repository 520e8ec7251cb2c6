import { checkQuerySpans, decimalIssues, entityOperations } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { invalidateCallers, type Caller } from '../../services/caller.js';
import type { Monitoring } from '../../monitoring/index.js';
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
function registerEntityRoutes(
  app: FastifyInstance,
  exposure: Exposure,
  repo: Repository,
  monitoring: Monitoring,
): void {
  const { table } = exposure;
  const { entity } = table;
  const ops = entityOperations(entity);
  /**
   * After a write to a table that says who may do what, cached identities are dropped and open live sockets
   * checked again on every instance: the user's own when a user changed, everybody's when a role, company,
   * tenant or session did (the check reads each from the store: only those whose rights changed are closed).
   */
  const afterWrite = async (id: number, removed: boolean) => {
    if (!IDENTITY_TABLES.has(table.table)) return;
    invalidateCallers();
    const userIds = table.table === 'users' ? [id] : null;
    await monitoring.revoke({ kind: 'users', userIds, reason: removed ? 'sessionEnded' : 'rightsChanged' });
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

  // ?replace=true only where a device may be moved from another elevator, or a row replaced (EOCD thresholds)
  const create = table.rebindBy || table.replaces ? ops.create : { ...ops.create, query: undefined };
  route(app, create, async (req) => {
    checkDecimals(req.body, entity.createSchema);
    refine(req.body, entity.createSchema);
    const replace = confirmsReplace(req.query);
    const record = await repo.create(callerOf(req), req.body, req.timeZone, { replace });
    // a new row takes nobody's rights away (a new role holds no users yet)
    if (IDENTITY_TABLES.has(table.table)) invalidateCallers();
    return ok(record);
  });

  route(app, ops.update, async (req) => {
    // cross-field rules judge the record as it will be: the stored values with the changes on top
    checkDecimals(req.body, entity.patchSchema);
    const current = await repo.get(callerOf(req), req.body.id, req.timeZone);
    refine({ ...current, ...req.body }, entity.patchSchema);
    const record = await repo.update(callerOf(req), req.body, req.timeZone);
    await afterWrite(req.body.id, false);
    return ok(record);
  });

  route(app, ops.remove, async (req) => {
    // a deleted gateway is cut off like a blacklisted one (the ingest stores nothing of a gateway it cannot find)
    const dtu = table.table === 'gatewayDevices' ? await gatewayDtu(repo, callerOf(req), req.params.id) : null;
    await repo.remove(callerOf(req), req.params.id);
    await afterWrite(req.params.id, true);
    if (dtu) await monitoring.revoke({ kind: 'gateways', dtus: [dtu] });
    return ok(null);
  });
}

const gatewayDtu = async (repo: Repository, caller: Caller, id: number): Promise<string | null> => {
  const record = await repo.get(caller, id, 'UTC');
  return typeof record.dtuCode === 'string' ? record.dtuCode : null;
};

/** ?replace=true, on the entities whose devices may be moved from another elevator. */
const confirmsReplace = (query: unknown): boolean =>
  typeof query === 'object' && query !== null && 'replace' in query && query.replace === true;

/** Every exposed entity's generic routes (tables/index.ts), over its repository. */
export function registerCrud(app: FastifyInstance, { repos, monitoring }: AreaDeps): void {
  for (const exposure of EXPOSED)
    registerEntityRoutes(app, exposure, repositoryFor(repos, exposure.table.entity.name), monitoring);
}
