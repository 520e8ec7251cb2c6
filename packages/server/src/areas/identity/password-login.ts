import { loginWithPassword, loginWithToken, password as passwordRule, translate } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { logLogin } from '../../services/audit.js';
import { burnPasswordTime, sha256, verifyPassword } from '../../services/secrets.js';
import { loginAnswer } from '../../services/sessions.js';
import type { AreaDeps } from '../area.js';
import { takeCaptcha } from './captcha.js';
import { LoginGate } from './login-gate.js';

/** Logging in with a username, password and captcha, or checking an access token. */
export function registerPasswordLogin(app: FastifyInstance, ctx: AreaDeps): void {
  const { db } = ctx.store;
  const gate = new LoginGate(db);
  // Per-source limits on the doors people try to force (guide/security.md); per account in the gate.
  const LOGIN_RATE = { max: ctx.loginRatePerMinute, timeWindow: '1 minute' };

  route(
    app,
    loginWithPassword,
    async (req) => {
      const body = req.body;
      await takeCaptcha(db, body.captchaKey, body.captchaCode);
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'tenantId', 'companyId', 'name', 'passwordHash', 'locked'])
        .where('username', '=', body.username)
        .executeTakeFirst();
      if (!user) {
        await burnPasswordTime(body.password);
        const attempt = { userName: body.username, loginType: 1, ip: req.ip, tenantId: null, orgId: null, name: null };
        await logLogin(db, { ...attempt, result: 2 });
        throw new HttpError(401, 'login.failed');
      }
      const answer = await gate.login(req, user, 'password', () => verifyPassword(user.passwordHash, body.password));
      const tooSimple = !passwordRule.test(body.password);
      return ok(answer, translate(req.lang, tooSimple ? 'login.passwordTooSimple' : 'outcome.done'));
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
      return ok(await loginAnswer(db, token, req.hostname, ''));
    },
    { rateLimit: LOGIN_RATE },
  );
}
