import {
  ChangePasswordBody,
  LOGIN_LOCKOUT,
  SMS_CODE_VALID_MS,
  SMS_LIMITS,
  changePassword,
  getMe,
  loginWithPassword,
  loginWithSms,
  loginWithToken,
  logout,
  sendSmsCode,
  translate,
  password as passwordRule,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AreaDeps } from '../area.js';
import { takeCaptcha } from './captcha.js';
import { ok } from '../../http/envelope.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { logLogin } from '../../services/audit.js';
import { invalidateCallers } from '../../services/caller.js';
import { burnPasswordTime, hashPassword, randomDigits, sha256, verifyPassword } from '../../services/secrets.js';
import { loginAnswer, openSession } from '../../services/sessions.js';

/** Logging in (password, SMS, access token), the caller's session, profile and password. */
export function registerLoginRoutes(app: FastifyInstance, ctx: AreaDeps): void {
  const { db } = ctx.store;
  // Per-IP limits on the doors people try to force (guide/security.md); per-account and per-phone limits below.
  const LOGIN_RATE = { max: ctx.loginRatePerMinute, timeWindow: '1 minute' };
  const SMS_RATE = { max: Math.max(1, Math.floor(ctx.loginRatePerMinute / 4)), timeWindow: '1 minute' };

  const host = (req: FastifyRequest) => req.hostname;

  route(
    app,
    loginWithPassword,
    async (req) => {
      const body = req.body;
      await takeCaptcha(db, body.captchaKey, body.captchaCode);
      const user = await db
        .selectFrom('users')
        .select(['id', 'tenantId', 'companyId', 'name', 'passwordHash', 'locked', 'lockedUntil', 'failedAttempts'])
        .where('username', '=', body.username)
        .executeTakeFirst();
      const attempt = { userName: body.username, loginType: 1, ip: req.ip };
      if (!user) {
        await burnPasswordTime(body.password);
        await logLogin(db, { ...attempt, tenantId: null, orgId: null, name: null, result: 2 });
        throw new HttpError(401, 'login.failed');
      }
      const who = { ...attempt, tenantId: user.tenantId, orgId: user.companyId, name: user.name };
      const now = Date.now();
      if (user.locked) {
        await logLogin(db, { ...who, result: 3 });
        throw new HttpError(403, 'login.locked');
      }
      if (user.lockedUntil && user.lockedUntil > now) {
        await logLogin(db, { ...who, result: 3 });
        throw new HttpError(403, 'login.lockedTemporarily', { minutes: Math.ceil((user.lockedUntil - now) / 60_000) });
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        const failures = user.failedAttempts + 1;
        const lock = failures >= LOGIN_LOCKOUT.maxFailures;
        await db
          .updateTable('users')
          .set({ failedAttempts: lock ? 0 : failures, lockedUntil: lock ? now + LOGIN_LOCKOUT.lockMs : null })
          .where('id', '=', user.id)
          .execute();
        await logLogin(db, { ...who, result: lock ? 3 : 2 });
        if (lock) throw new HttpError(403, 'login.lockedTemporarily', { minutes: LOGIN_LOCKOUT.lockMs / 60_000 });
        throw new HttpError(401, 'login.failed');
      }
      await assertTenantActive(user.tenantId, body.username);
      const answer = await openSession(db, user.id, host(req));
      await logLogin(db, { ...who, result: 1 });
      const tooSimple = !passwordRule.test(body.password);
      return ok(answer, translate(req.lang, tooSimple ? 'login.passwordTooSimple' : 'outcome.done'));
    },
    { rateLimit: LOGIN_RATE },
  );

  async function assertTenantActive(tenantId: number, username: string): Promise<void> {
    if (username === 'superAdmin') return;
    const tenant = await db.selectFrom('tenants').select('status').where('id', '=', tenantId).executeTakeFirst();
    if (tenant?.status !== 1) throw new HttpError(403, 'login.tenantFrozen');
  }

  route(
    app,
    sendSmsCode,
    async (req) => {
      const body = req.body;
      await takeCaptcha(db, body.captchaKey, body.captchaCode);
      const now = Date.now();
      const recent = await db
        .selectFrom('smsCodes')
        .select(['createTime'])
        .where('phone', '=', body.phone)
        .where('createTime', '>', now - 60 * 60_000)
        .orderBy('createTime', 'desc')
        .execute();
      const lastMinute = recent.filter((r) => r.createTime > now - 60_000).length;
      if (lastMinute >= SMS_LIMITS.perMinute || recent.length >= SMS_LIMITS.perHour)
        throw new HttpError(429, 'login.smsTooFrequent');
      const user = await db
        .selectFrom('users')
        .select(['id', 'tenantId', 'companyId'])
        .where('phone', '=', body.phone)
        .orderBy('id')
        .executeTakeFirst();
      const code = randomDigits(SMS_LIMITS.codeDigits);
      await db
        .insertInto('smsCodes')
        .values({
          phone: body.phone,
          source: req.ip,
          // salted and slow: a leaked table does not give a live code away by trying the million of them
          codeHash: await hashPassword(code),
          createTime: now,
          expireTime: now + SMS_CODE_VALID_MS,
          tries: 0,
          usedTime: null,
        })
        .execute();
      // An unknown phone gets the same answer and no message, so the form cannot be used to find accounts.
      if (user) {
        try {
          await ctx.sms.send({
            tenantId: user.tenantId,
            orgId: user.companyId,
            phone: body.phone,
            text: translate(req.lang, 'login.smsBody', { code }),
            referBizNo: 'login',
          });
        } catch (err) {
          req.log.error({ err }, 'sms provider failed');
          throw new HttpError(502, 'login.smsFailed');
        }
      }
      return ok(null, translate(req.lang, 'login.smsSent'));
    },
    { rateLimit: SMS_RATE },
  );

  route(
    app,
    loginWithSms,
    async (req) => {
      const body = req.body;
      const now = Date.now();
      const sent = await db
        .selectFrom('smsCodes')
        .select(['id', 'codeHash', 'expireTime', 'tries', 'usedTime'])
        .where('phone', '=', body.phone)
        .orderBy('createTime', 'desc')
        .executeTakeFirst();
      const usable = sent && sent.usedTime === null && sent.expireTime > now && sent.tries < SMS_LIMITS.maxTries;
      if (!sent || !usable) throw new HttpError(401, 'login.captchaIncorrect');
      if (!(await verifyPassword(sent.codeHash, body.code.trim()))) {
        await db
          .updateTable('smsCodes')
          .set({ tries: sent.tries + 1 })
          .where('id', '=', sent.id)
          .execute();
        throw new HttpError(401, 'login.captchaIncorrect');
      }
      await db.updateTable('smsCodes').set({ usedTime: now }).where('id', '=', sent.id).execute();
      const user = await db
        .selectFrom('users')
        .select(['id', 'tenantId', 'companyId', 'name', 'username', 'locked'])
        .where('phone', '=', body.phone)
        .orderBy('id')
        .executeTakeFirst();
      if (!user) throw new HttpError(401, 'login.failed');
      const who = {
        userName: user.username,
        loginType: 1,
        ip: req.ip,
        tenantId: user.tenantId,
        orgId: user.companyId,
        name: user.name,
      };
      if (user.locked) {
        await logLogin(db, { ...who, result: 3 });
        throw new HttpError(403, 'login.locked');
      }
      await assertTenantActive(user.tenantId, user.username);
      const answer = await openSession(db, user.id, host(req));
      await logLogin(db, { ...who, result: 1 });
      return ok(answer);
    },
    { rateLimit: LOGIN_RATE },
  );

  route(
    app,
    loginWithToken,
    async (req) => {
      const { token } = req.body;
      const session = await db
        .selectFrom('sessions')
        .select(['kind'])
        .where('tokenHash', '=', sha256(token))
        .executeTakeFirst();
      if (!session) throw new HttpError(401, 'error.sessionExpired');
      return ok(await loginAnswer(db, token, host(req), ''));
    },
    { rateLimit: LOGIN_RATE },
  );

  route(app, logout, async (req) => {
    const caller = callerOf(req);
    if (caller.tokenKind === 'session')
      await db.updateTable('sessions').set({ revokeTime: Date.now() }).where('id', '=', caller.sessionId).execute();
    invalidateCallers();
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
    return ok(null, translate(req.lang, 'outcome.saved'));
  });
}
