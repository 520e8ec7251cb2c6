import { LOGIN_THROTTLE, SMS_CODE_VALID_MS, SMS_LIMITS, loginWithSms, sendSmsCode, translate } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { hashPassword, randomDigits, verifyPassword } from '../../services/secrets.js';
import { sourceOf } from '../../services/source.js';
import type { AreaDeps } from '../area.js';
import { takeCaptcha } from './captcha.js';
import { LoginGate } from './login-gate.js';

const HOUR = 60 * 60_000;

/** The account a phone logs in to (the first, as the console has always taken it). */
const accountOfPhone = (db: Kysely<DB>, phone: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'tenantId', 'companyId', 'name', 'locked'])
    .where('phone', '=', phone)
    .orderBy('id')
    .executeTakeFirst();

/**
 * SMS login: a captcha before every send, and sends limited per phone and source, per source and per
 * phone from sources the account does not log in from (SMS_LIMITS), so nobody can use up a phone's
 * codes from elsewhere; the login itself goes through the same gate as a password (login-gate.ts).
 */
export function registerSmsLogin(app: FastifyInstance, ctx: AreaDeps): void {
  const { db } = ctx.store;
  const gate = new LoginGate(db);
  const LOGIN_RATE = { max: ctx.loginRatePerMinute, timeWindow: '1 minute' };
  const SMS_RATE = { max: Math.max(1, Math.floor(ctx.loginRatePerMinute / 4)), timeWindow: '1 minute' };

  /** Throws 429 when this source may not have another code sent to this phone now. */
  async function assertMaySend(phone: string, source: string, userId: number | null, now: number): Promise<void> {
    const tooSoon = new HttpError(429, 'login.smsTooFrequent');
    const recent = await db
      .selectFrom('smsCodes')
      .select(['createTime', 'source'])
      .where('phone', '=', phone)
      .where('createTime', '>', now - HOUR)
      .execute();
    const mine = recent.filter((r) => r.source === source);
    if (mine.filter((r) => r.createTime > now - 60_000).length >= SMS_LIMITS.perMinute) throw tooSoon;
    if (mine.length >= SMS_LIMITS.perHour) throw tooSoon;
    const bySource = await db
      .selectFrom('smsCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', source)
      .where('createTime', '>', now - HOUR)
      .executeTakeFirstOrThrow();
    if (Number(bySource.n) >= SMS_LIMITS.perSourcePerHour) throw tooSoon;
    const known = new Set(
      userId === null
        ? []
        : (
            await db
              .selectFrom('loginThrottles')
              .select('source')
              .where('userId', '=', userId)
              .where('lastSuccessTime', '>', now - LOGIN_THROTTLE.knownSourceMs)
              .execute()
          ).map((r) => r.source),
    );
    if (known.has(source)) return;
    const fromStrangers = recent.filter((r) => !known.has(r.source)).length;
    if (fromStrangers >= SMS_LIMITS.perPhonePerHour) throw tooSoon;
  }

  route(
    app,
    sendSmsCode,
    async (req) => {
      const body = req.body;
      await takeCaptcha(db, body.captchaKey, body.captchaCode);
      const now = Date.now();
      const source = sourceOf(req);
      const user = await accountOfPhone(db, body.phone);
      await assertMaySend(body.phone, source, user?.id ?? null, now);
      const code = randomDigits(SMS_LIMITS.codeDigits);
      await db
        .insertInto('smsCodes')
        .values({
          phone: body.phone,
          source,
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

  /** Whether `code` is the phone's latest code, unused, unexpired and not tried too often; it is used up if so. */
  async function codeMatches(phone: string, code: string): Promise<boolean> {
    const now = Date.now();
    const sent = await db
      .selectFrom('smsCodes')
      .select(['id', 'codeHash', 'expireTime', 'tries', 'usedTime'])
      .where('phone', '=', phone)
      .orderBy('createTime', 'desc')
      .executeTakeFirst();
    if (!sent || sent.usedTime !== null || sent.expireTime <= now || sent.tries >= SMS_LIMITS.maxTries) return false;
    if (!(await verifyPassword(sent.codeHash, code.trim()))) {
      await db
        .updateTable('smsCodes')
        .set({ tries: sent.tries + 1 })
        .where('id', '=', sent.id)
        .execute();
      return false;
    }
    // used once: a second login with the same code finds it used
    const taken = await db
      .updateTable('smsCodes')
      .set({ usedTime: now })
      .where('id', '=', sent.id)
      .where('usedTime', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  route(
    app,
    loginWithSms,
    async (req) => {
      const { phone, code } = req.body;
      const user = await accountOfPhone(db, phone);
      if (!user) {
        await codeMatches(phone, code);
        throw new HttpError(401, 'login.captchaIncorrect');
      }
      return ok(await gate.login(req, user, 'sms', () => codeMatches(phone, code)));
    },
    { rateLimit: LOGIN_RATE },
  );
}
