import {
  createAccessToken,
  getRoleUsers,
  lockUser,
  resetUserPassword,
  revokeAccessToken,
  setRoleUsers,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { invalidateCallers } from '../../services/caller.js';
import { LoginPolicy } from '../../services/login-policy.js';
import { hashPassword, newToken, oneTimePassword, sha256 } from '../../services/secrets.js';
import { parseDateTime } from '@liftcloud/client';

/** Account operations beyond CRUD: lock, reset, role membership, access tokens. */
export function registerAccountRoutes(app: FastifyInstance, { store, repos, monitoring }: AreaDeps): void {
  const { db } = store;
  const policy = new LoginPolicy(db);

  route(app, lockUser, async (req) => {
    const caller = callerOf(req);
    await repos.user.get(caller, req.params.id, req.timeZone); // 404 outside the caller's scope
    if (req.params.id === caller.userId) throw new HttpError(409, 'error.inUse');
    const { locked } = req.body;
    await db
      .updateTable('users')
      .set({ locked: locked ? 1 : 0, failedAttempts: 0, lockedUntil: null, updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    // an unlock also ends any wait the login policy put on the account
    if (!locked) await policy.clear(req.params.id);
    invalidateCallers();
    if (locked) await monitoring.revoke({ kind: 'users', userIds: [req.params.id], reason: 'locked' });
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, resetUserPassword, async (req) => {
    const caller = callerOf(req);
    await repos.user.get(caller, req.params.id, req.timeZone);
    const password = oneTimePassword();
    await db
      .updateTable('users')
      .set({
        passwordHash: await hashPassword(password),
        mustChangePassword: 1,
        failedAttempts: 0,
        lockedUntil: null,
        updateTime: Date.now(),
      })
      .where('id', '=', req.params.id)
      .execute();
    await db
      .updateTable('sessions')
      .set({ revokeTime: Date.now() })
      .where('userId', '=', req.params.id)
      .where('revokeTime', 'is', null)
      .execute();
    await policy.clear(req.params.id);
    invalidateCallers();
    await monitoring.revoke({ kind: 'users', userIds: [req.params.id], reason: 'passwordReset' });
    return ok({ password });
  });

  route(app, getRoleUsers, async (req) => {
    const caller = callerOf(req);
    await repos.role.get(caller, req.params.id, req.timeZone);
    const visible = await repos.user
      .visibleTo(caller)
      .select(['t.id', 't.username', 't.name'])
      .orderBy('t.username')
      .execute();
    const members = new Set(
      (await db.selectFrom('userRoles').select('userId').where('roleId', '=', req.params.id).execute()).map(
        (r) => r.userId,
      ),
    );
    const users = visible.map((u) => ({ id: Number(u.id), username: String(u.username), name: String(u.name) }));
    return ok({
      selected: users.filter((u) => members.has(u.id)),
      unselected: users.filter((u) => !members.has(u.id)),
    });
  });

  route(app, setRoleUsers, async (req) => {
    const caller = callerOf(req);
    await repos.role.get(caller, req.params.id, req.timeZone);
    const { userIds } = req.body;
    const visible = (await repos.user.visibleTo(caller).select('t.id').execute()).map((u) => Number(u.id));
    const allowed = new Set(visible);
    if (userIds.some((u) => !allowed.has(u))) throw new HttpError(404, 'error.notFound');
    const before = await db.selectFrom('userRoles').select('userId').where('roleId', '=', req.params.id).execute();
    await db.transaction().execute(async (trx) => {
      // Only memberships the caller can see change; users outside their scope keep the role.
      if (visible.length)
        await trx.deleteFrom('userRoles').where('roleId', '=', req.params.id).where('userId', 'in', visible).execute();
      if (userIds.length)
        await trx
          .insertInto('userRoles')
          .values(userIds.map((userId) => ({ userId, roleId: req.params.id })))
          .execute();
    });
    invalidateCallers();
    // whoever gained or lost the role: their live sockets are checked again (rights changed: closed)
    const changed = [...new Set([...before.map((r) => r.userId), ...userIds])];
    await monitoring.revoke({ kind: 'users', userIds: changed, reason: 'rightsChanged' });
    return ok(null, translate(req.lang, 'outcome.saved'));
  });

  route(app, createAccessToken, async (req) => {
    const caller = callerOf(req);
    if (caller.tokenKind === 'access') throw new HttpError(403, 'error.forbidden');
    const body = req.body;
    const token = newToken('lct_');
    const now = Date.now();
    const row = await db
      .insertInto('sessions')
      .values({
        tokenHash: sha256(token),
        userId: caller.userId,
        tenantId: caller.tenantId,
        kind: 'access',
        name: body.name,
        prefix: token.slice(0, 10),
        imPasswordHash: null,
        createTime: now,
        updateTime: now,
        expireTime: body.expireTime ? parseDateTime(body.expireTime, req.timeZone) : null,
        lastUsedTime: null,
        revokeTime: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok({ id: row.id, name: body.name, token });
  });

  route(app, revokeAccessToken, async (req) => {
    const caller = callerOf(req);
    const result = await db
      .updateTable('sessions')
      .set({ revokeTime: Date.now(), updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .where('userId', '=', caller.userId)
      .where('kind', '=', 'access')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, 'error.notFound');
    invalidateCallers();
    await monitoring.revoke({ kind: 'sessions', sessionIds: [req.params.id], reason: 'tokenRevoked' });
    return ok(null);
  });
}
