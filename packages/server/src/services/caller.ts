import { PERMISSION_INDEXES, authStringFrom, isSuperAdmin, seesAll, SUPER_ADMIN_USERNAME } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { sha256 } from './secrets.js';

/** Which rows a caller may see: a tenant (null: every tenant, super admin at organisation 0) and organisations. */
export interface Scope {
  tenantId: number | null;
  /** Companies of the current organisation's subtree; null: the whole tenant. */
  orgIds: number[] | null;
}

/** Who is calling, resolved from the token on every request. */
export interface Caller {
  userId: number;
  username: string;
  name: string;
  userType: number;
  tenantId: number;
  companyId: number | null;
  auth: string;
  superAdmin: boolean;
  tenantAdmin: boolean;
  sessionId: number;
  tokenKind: 'session' | 'access';
  mustChangePassword: boolean;
  canChangePassword: boolean;
  /** The organisation in effect for this request (the X-Org-Id header, else the user's own). */
  orgId: number;
  scope: Scope;
}

interface Identity extends Omit<Caller, 'orgId' | 'scope'> {
  companyPath: string | null;
}

const CACHE_MS = 2_000;
const identities = new Map<string, { identity: Identity; until: number }>();

/** An organisation and the ids of its subtree, kept as briefly as identities. */
interface OrgTree {
  tenantId: number;
  path: string;
  ids: number[];
  until: number;
}
const orgTrees = new Map<Kysely<DB>, Map<number, OrgTree>>();

/** Forget cached identities and organisation trees after a change to users, roles, companies or sessions. */
export function invalidateCallers(): void {
  identities.clear();
  orgTrees.clear();
}

async function orgTree(db: Kysely<DB>, orgId: number, now: number): Promise<OrgTree | null> {
  let trees = orgTrees.get(db);
  if (!trees) orgTrees.set(db, (trees = new Map()));
  const hit = trees.get(orgId);
  if (hit && hit.until > now) return hit;
  const org = await db.selectFrom('companies').select(['tenantId', 'path']).where('id', '=', orgId).executeTakeFirst();
  if (!org) return null;
  const rows = await db
    .selectFrom('companies')
    .select('id')
    .where('tenantId', '=', org.tenantId)
    .where('path', 'like', `${org.path}%`)
    .execute();
  const tree = { tenantId: org.tenantId, path: org.path, ids: rows.map((r) => r.id), until: now + CACHE_MS };
  trees.set(orgId, tree);
  return tree;
}

async function loadIdentity(db: Kysely<DB>, tokenHash: string, now: number): Promise<Identity> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .innerJoin('tenants as t', 't.id', 'u.tenantId')
    .leftJoin('companies as c', 'c.id', 'u.companyId')
    .select([
      's.id as sessionId',
      's.kind',
      's.expireTime',
      's.revokeTime',
      'u.id as userId',
      'u.username',
      'u.name',
      'u.userType',
      'u.tenantId',
      'u.companyId',
      'u.locked',
      'u.mustChangePassword',
      'u.canChangePassword',
      't.status as tenantStatus',
      't.initialCompanyId',
      'c.path as companyPath',
    ])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revokeTime !== null) throw unauthorized(Boolean(row));
  if (row.expireTime !== null && row.expireTime < now) throw unauthorized(true);
  if (row.locked) throw new HttpError(401, 'login.locked');
  if (row.tenantStatus !== 1 && row.username !== SUPER_ADMIN_USERNAME) throw new HttpError(401, 'login.tenantFrozen');

  let auth: string;
  if (seesAll(row.username)) auth = authStringFrom(PERMISSION_INDEXES);
  else {
    const roles = await db
      .selectFrom('userRoles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.roleId')
      .select('r.permissions')
      .where('ur.userId', '=', row.userId)
      .execute();
    auth = authStringFrom(roles.flatMap((r) => JSON.parse(r.permissions) as number[]));
  }
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    userType: row.userType,
    tenantId: row.tenantId,
    companyId: row.companyId,
    auth,
    superAdmin: isSuperAdmin(row.username),
    tenantAdmin:
      row.username === 'admin' ||
      (row.userType === 1 && row.companyId !== null && row.companyId === row.initialCompanyId),
    sessionId: row.sessionId,
    tokenKind: row.kind === 'access' ? 'access' : 'session',
    mustChangePassword: row.mustChangePassword === 1,
    canChangePassword: row.canChangePassword === 1,
    companyPath: row.companyPath,
  };
}

/** The organisation subtree an organisation id opens for this identity, or a 403. */
async function scopeFor(db: Kysely<DB>, id: Identity, orgId: number): Promise<Scope> {
  if (orgId === 0) {
    if (id.superAdmin) return { tenantId: null, orgIds: null };
    throw new HttpError(403, 'error.forbiddenOrg');
  }
  const org = await orgTree(db, orgId, Date.now());
  if (!org) throw new HttpError(403, 'error.forbiddenOrg');
  const ownTenant = org.tenantId === id.tenantId;
  // A user may act on their own company's subtree; tenant-wide users (no company, or admin) on the whole tenant.
  const wholeTenant = id.companyPath === null || id.tenantAdmin;
  const inside = id.superAdmin || (ownTenant && (wholeTenant || org.path.startsWith(id.companyPath ?? '\0')));
  if (!inside) throw new HttpError(403, 'error.forbiddenOrg');
  return { tenantId: org.tenantId, orgIds: org.ids };
}

/** The default organisation of a user: their company, or 0 for the super admin. */
export function defaultOrg(id: Pick<Caller, 'superAdmin' | 'companyId'>): number {
  return id.superAdmin ? 0 : (id.companyId ?? 0);
}

/** When each session of a store was last marked used: at most one write a minute per token. */
const lastMarkedByStore = new WeakMap<Kysely<DB>, Map<number, number>>();
const MARK_EVERY_MS = 60_000;

async function markUsed(db: Kysely<DB>, sessionId: number, now: number): Promise<void> {
  let lastMarked = lastMarkedByStore.get(db);
  if (!lastMarked) lastMarkedByStore.set(db, (lastMarked = new Map()));
  if ((lastMarked.get(sessionId) ?? 0) > now - MARK_EVERY_MS) return;
  lastMarked.set(sessionId, now);
  if (lastMarked.size > 100_000) lastMarked.clear();
  await db.updateTable('sessions').set({ lastUsedTime: now }).where('id', '=', sessionId).execute();
}

export async function resolveCaller(
  db: Kysely<DB>,
  token: string,
  orgHeader: string | undefined,
  now = Date.now(),
): Promise<Caller> {
  const tokenHash = sha256(token);
  const cached = identities.get(tokenHash);
  let identity: Identity;
  if (cached && cached.until > now) identity = cached.identity;
  else {
    identity = await loadIdentity(db, tokenHash, now);
    identities.set(tokenHash, { identity, until: now + CACHE_MS });
  }
  await markUsed(db, identity.sessionId, now);
  const fallback = defaultOrg(identity);
  let orgId = fallback;
  if (orgHeader !== undefined && orgHeader !== '') {
    if (!/^\d{1,10}$/.test(orgHeader)) throw new HttpError(403, 'error.forbiddenOrg');
    orgId = Number(orgHeader);
  }
  let scope: Scope;
  if (orgId === 0 && !identity.superAdmin && identity.companyId === null) {
    // A tenant-level user without a company sees the whole tenant.
    scope = { tenantId: identity.tenantId, orgIds: null };
  } else scope = await scopeFor(db, identity, orgId);
  const { companyPath: _path, ...rest } = identity;
  return { ...rest, orgId, scope };
}

/** The tenant new records of this caller belong to. */
export function tenantOf(caller: Caller): number {
  return caller.scope.tenantId ?? caller.tenantId;
}
