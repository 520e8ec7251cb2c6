import { ChangePasswordBody, changePassword, getMe, logout, translate } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { invalidateCallers } from '../../services/caller.js';
import { hashPassword, verifyPassword } from '../../services/secrets.js';

/** The caller's session, profile and password: logout, me, password change. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AreaDeps): void {
  const { db } = ctx.store;

  route(app, logout, async (req) => {
    const caller = callerOf(req);
    if (caller.tokenKind === 'session')
      await db.updateTable('sessions').set({ revokeTime: Date.now() }).where('id', '=', caller.sessionId).execute();
    invalidateCallers();
    // the session's live sockets close, on every instance
    if (caller.tokenKind === 'session')
      await ctx.monitoring.revoke({ kind: 'sessions', sessionIds: [caller.sessionId], reason: 'loggedOut' });
    return ok(null);
  });

  route(app, getMe, async (req) => {
    const caller = callerOf(req);
    const row = await db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenantId')
      .leftJoin('companies as c', 'c.id', 'u.companyId')
      .select([
        'u.id',
        'u.username',
        'u.name',
        'u.phone',
        'u.mail',
        'u.userType',
        'u.companyId',
        'c.name as companyName',
        'u.tenantId',
        't.name as tenantName',
      ])
      .where('u.id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    return ok({
      ...row,
      auth: caller.auth,
      orgId: caller.orgId,
      canChangePassword: caller.canChangePassword,
      tenantAdmin: caller.tenantAdmin,
    });
  });

  route(app, changePassword, async (req) => {
    const caller = callerOf(req);
    const body = req.body;
    if (body.newPassword !== body.confirmPassword)
      throw new ValidationError(
        [{ field: 'confirmPassword', rule: 'validation.passwordMismatch' }],
        ChangePasswordBody,
      );
    if (!caller.canChangePassword && !caller.mustChangePassword)
      throw new HttpError(403, 'login.passwordChangeNotAllowed');
    const user = await db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.passwordHash, body.oldPassword)))
      throw new HttpError(400, 'login.oldPasswordIncorrect');
    await db
      .updateTable('users')
      .set({ passwordHash: await hashPassword(body.newPassword), mustChangePassword: 0, updateTime: Date.now() })
      .where('id', '=', caller.userId)
      .execute();
    // Every other session of this user ends: whoever knew the old password is out.
    await db
      .updateTable('sessions')
      .set({ revokeTime: Date.now() })
      .where('userId', '=', caller.userId)
      .where('kind', '=', 'session')
      .where('id', '!=', caller.sessionId)
      .where('revokeTime', 'is', null)
      .execute();
    invalidateCallers();
    await ctx.monitoring.revoke({ kind: 'users', userIds: [caller.userId], reason: 'passwordChanged' });
    return ok(null, translate(req.lang, 'outcome.saved'));
  });
}
