import { CAPTCHA_LIMITS, CAPTCHA_TTL_MS, getCaptcha } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { makeCaptcha } from '../../services/captcha/index.js';
import { newToken } from '../../services/secrets.js';
import { sourceOf } from '../../services/source.js';
import { loginTablesCleanupJob } from '../../jobs/login-tables-cleanup.js';
import type { AreaDeps } from '../area.js';

/** A captcha is single use: taken (and deleted) whether the answer is right or not. */
export async function takeCaptcha(db: Kysely<DB>, key: string, code: string): Promise<void> {
  const row = await db
    .selectFrom('captchas')
    .select(['answer', 'expireTime'])
    .where('key', '=', key)
    .executeTakeFirst();
  await db.deleteFrom('captchas').where('key', '=', key).execute();
  if (!row || row.expireTime < Date.now() || row.answer !== code.trim())
    throw new HttpError(400, 'login.captchaIncorrect');
}

/**
 * GET /api/auth/captcha: limited per source (a multiple of the login rate a minute), and a source holds at
 * most CAPTCHA_LIMITS.perSource unanswered captchas (a new one drops its oldest), so a flood neither slows the
 * API for everyone nor fills the table; expired ones go with the login-tables cleanup job.
 */
export function registerCaptchaRoute(app: FastifyInstance, ctx: AreaDeps): void {
  const { db } = ctx.store;
  ctx.jobs.add(loginTablesCleanupJob({ db }));
  const rate = { max: ctx.loginRatePerMinute * CAPTCHA_LIMITS.perLoginAttempt, timeWindow: '1 minute' };
  route(
    app,
    getCaptcha,
    async (req) => {
      const c = makeCaptcha();
      const key = newToken().slice(0, 32);
      const source = sourceOf(req);
      const held = await db
        .selectFrom('captchas')
        .select('key')
        .where('source', '=', source)
        .orderBy('expireTime', 'desc')
        .execute();
      const dropped = held.slice(CAPTCHA_LIMITS.perSource - 1).map((r) => r.key);
      if (dropped.length) await db.deleteFrom('captchas').where('key', 'in', dropped).execute();
      await db
        .insertInto('captchas')
        .values({ key, answer: c.answer, source, expireTime: Date.now() + CAPTCHA_TTL_MS })
        .execute();
      const image = `data:image/svg+xml;base64,${Buffer.from(c.svg).toString('base64')}`;
      return ok({ key, image, text: c.text, ...(ctx.revealCaptcha ? { answer: c.answer } : {}) });
    },
    { rateLimit: rate },
  );
}
