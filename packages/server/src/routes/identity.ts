import {
  AssignUsersBody,
  CreatedTokenAnswer,
  LockBody,
  ResetPasswordAnswer,
  RoleUsersAnswer,
  accessToken,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { envelope, IdParams, NullData, ok } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { callerOf } from '../plugins/auth.js';
import { invalidateCallers } from '../services/caller.js';
import { hashPassword, newToken, oneTimePassword, sha256 } from '../services/secrets.js';
import type { Repository } from '../store/repository.js';
import { parseDateTime } from '@liftcloud/client';

export interface IdentityRepos {
  users: Repository;
  roles: Repository;
}

/** Account operations beyond CRUD: lock, reset, role membership, access tokens. */
export function registerIdentityRoutes(app: FastifyInstance, ctx: AppContext, repos: IdentityRepos): void {
  const { db } = ctx.store;
  const id = (req: { params: unknown }) => (req.params as { id: number }).id;

  app.put('/api/users/:id/lock', {
    config: { permission: 3 },
    schema: {
      tags: ['user'],
      summary: 'Lock or unlock an account',
      params: IdParams,
      body: LockBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      await repos.users.get(caller, id(req), req.timeZone); // 404 outside the caller's scope
      if (id(req) === caller.userId) throw new HttpError(409, 'error.inUse');
      const { locked } = req.body as { locked: boolean };
      await db
        .updateTable('users')
        .set({ locked: locked ? 1 : 0, failedAttempts: 0, lockedUntil: null, updateTime: Date.now() })
        .where('id', '=', id(req))
        .execute();
      invalidateCallers();
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.post('/api/users/:id/resetPassword', {
    config: { permission: 3 },
    schema: {
      tags: ['user'],
      summary: 'Reset a password to a one-time random one that must be changed at next login',
      params: IdParams,
      response: { 200: envelope(ResetPasswordAnswer) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      await repos.users.get(caller, id(req), req.timeZone);
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
        .where('id', '=', id(req))
        .execute();
      await db
        .updateTable('sessions')
        .set({ revokeTime: Date.now() })
        .where('userId', '=', id(req))
        .where('revokeTime', 'is', null)
        .execute();
      invalidateCallers();
      return ok({ password });
    },
  });

  app.get('/api/roles/:id/users', {
    config: { permission: 5 },
    schema: {
      tags: ['role'],
      summary: 'Users with and without a role',
      params: IdParams,
      response: { 200: envelope(RoleUsersAnswer) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      await repos.roles.get(caller, id(req), req.timeZone);
      const visible = await repos.users
        .scoped(db as never, caller)
        .select(['t.id', 't.username', 't.name'])
        .orderBy('t.username')
        .execute();
      const members = new Set(
        (await db.selectFrom('userRoles').select('userId').where('roleId', '=', id(req)).execute()).map(
          (r) => r.userId,
        ),
      );
      const users = visible.map((u) => ({ id: Number(u.id), username: String(u.username), name: String(u.name) }));
      return ok({
        selected: users.filter((u) => members.has(u.id)),
        unselected: users.filter((u) => !members.has(u.id)),
      });
    },
  });

  app.put('/api/roles/:id/users', {
    config: { permission: 5 },
    schema: {
      tags: ['role'],
      summary: 'Set which users hold a role',
      params: IdParams,
      body: AssignUsersBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      await repos.roles.get(caller, id(req), req.timeZone);
      const { userIds } = req.body as { userIds: number[] };
      const visible = (
        await repos.users
          .scoped(db as never, caller)
          .select('t.id')
          .execute()
      ).map((u) => Number(u.id));
      const allowed = new Set(visible);
      if (userIds.some((u) => !allowed.has(u))) throw new HttpError(404, 'error.notFound');
      await db.transaction().execute(async (trx) => {
        // Only memberships the caller can see change; users outside their scope keep the role.
        if (visible.length)
          await trx.deleteFrom('userRoles').where('roleId', '=', id(req)).where('userId', 'in', visible).execute();
        if (userIds.length)
          await trx
            .insertInto('userRoles')
            .values(userIds.map((userId) => ({ userId, roleId: id(req) })))
            .execute();
      });
      invalidateCallers();
      return ok(null, translate(req.lang, 'outcome.saved'));
    },
  });

  app.post(`/api/${accessToken.path}`, {
    config: { permission: -1 },
    schema: {
      tags: ['accessToken'],
      summary: 'Create a named access token (shown once)',
      body: Type.Object(
        {
          name: accessToken.fields.name.schema,
          expireTime: Type.Optional(Type.Union([accessToken.fields.expireTime.schema, Type.Null()])),
        },
        { additionalProperties: false },
      ),
      response: { 200: envelope(CreatedTokenAnswer) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      if (caller.tokenKind === 'access') throw new HttpError(403, 'error.forbidden');
      const body = req.body as { name: string; expireTime?: string | null };
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
          imPassword: null,
          createTime: now,
          updateTime: now,
          expireTime: body.expireTime ? parseDateTime(body.expireTime, req.timeZone) : null,
          lastUsedTime: null,
          revokeTime: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok({ id: row.id, name: body.name, token });
    },
  });

  app.delete(`/api/${accessToken.path}/:id`, {
    config: { permission: -1 },
    schema: {
      tags: ['accessToken'],
      summary: 'Revoke one of the caller’s access tokens',
      params: IdParams,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      const result = await db
        .updateTable('sessions')
        .set({ revokeTime: Date.now(), updateTime: Date.now() })
        .where('id', '=', id(req))
        .where('userId', '=', caller.userId)
        .where('kind', '=', 'access')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new HttpError(404, 'error.notFound');
      invalidateCallers();
      return ok(null);
    },
  });
}
