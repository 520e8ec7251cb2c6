import { CAPTCHA_LIMITS } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TABLES_CLEANUP_JOB } from '../../packages/server/src/jobs/login-tables-cleanup.js';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

interface Answered {
  key: string;
  image: string;
  text: string;
  answer: string;
}

/** The four pieces an attacker would cut a captcha into: vertical slices of the terminal text. */
function textPieces(c: Answered): string[] {
  const rows = c.text.split('\n');
  const width = Math.max(...rows.map((r) => r.length));
  const slice = Math.ceil(width / 4);
  return [0, 1, 2, 3].map((i) => rows.map((r) => r.padEnd(width).slice(i * slice, (i + 1) * slice)).join('|'));
}

/** The image's glyphs as an attacker would key them: each path's command letters, left to right. */
function imagePieces(c: Answered): string[] {
  const svg = Buffer.from(c.image.split(',')[1]!, 'base64').toString('utf8');
  return [...svg.matchAll(/<path[^>]*\sd="([^"]+)"/g)]
    .map((m) => m[1]!)
    .map((d) => ({ x: Number(/M\s*([\d.]+)/.exec(d)?.[1] ?? 0), key: d.replace(/[^A-Za-z]/g, '') }))
    .sort((a, b) => a.x - b.x)
    .map((p) => p.key);
}

/** Learn piece → digit from answered captchas, then count how many fresh ones the table alone solves. */
function lookupSolves(train: Answered[], test: Answered[], pieces: (c: Answered) => string[]): number {
  const table = new Map<string, string>();
  for (const c of train) pieces(c).forEach((p, i) => table.set(p, c.answer[i] ?? ''));
  return test.filter(
    (c) =>
      pieces(c)
        .map((p) => table.get(p) ?? '?')
        .join('') === c.answer,
  ).length;
}

// What a captcha looks like does not depend on the store: one dialect.
describe('captcha drawings', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect: DIALECTS[0] });
  });
  afterAll(async () => s?.close());

  it('cannot be read back by looking pieces up, in the image or in the terminal text', async () => {
    const drawn: Answered[] = [];
    for (let i = 0; i < 60; i++) drawn.push((await s.anonymous().auth.captcha()) as Answered);
    for (const c of drawn) {
      expect(c.answer).toMatch(/^[2-9]{4}$/);
      expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    const train = drawn.slice(0, 40);
    const fresh = drawn.slice(40);
    // 20 fresh captchas: a lookup that worked would solve nearly all; guessing solves one in 4,096
    expect(lookupSolves(train, fresh, textPieces)).toBeLessThanOrEqual(1);
    expect(lookupSolves(train, fresh, imagePieces)).toBeLessThanOrEqual(1);
    // still a picture a person reads in a terminal: many rows of half blocks
    for (const c of drawn) expect(c.text.split('\n').length).toBeGreaterThanOrEqual(8);
  }, 60_000);
});

describe.each(DIALECTS)('captcha limits on %s', (dialect) => {
  const LOGINS_PER_MINUTE = 5;
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect, loginRatePerMinute: LOGINS_PER_MINUTE });
  });
  afterAll(async () => s?.close());

  it('keeps at most a few unanswered captchas per source, answers 429 past the per-minute limit, and cleans up', async () => {
    const held = () => s.store.db.selectFrom('captchas').select('key').where('source', '=', '127.0.0.1').execute();
    const perMinute = LOGINS_PER_MINUTE * CAPTCHA_LIMITS.perLoginAttempt;
    const keys: string[] = [];
    for (let i = 0; i < perMinute; i++) keys.push((await s.anonymous().auth.captcha()).key);
    expect((await failure(s.anonymous().auth.captcha())).status).toBe(429);
    // the newest ones are kept, the oldest dropped
    expect((await held()).map((r) => r.key).sort()).toEqual(keys.slice(-CAPTCHA_LIMITS.perSource).sort());

    const now = Date.now();
    await s.store.db
      .updateTable('captchas')
      .set({ expireTime: now - 1 })
      .execute();
    const ran = await s.app.jobs.runNow(LOGIN_TABLES_CLEANUP_JOB, now);
    expect(ran.outcome).toBe('ok');
    expect(await held()).toEqual([]);
  });
});

describe.each(DIALECTS)('SMS sends behind a captcha on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  it('sends no code without the answer of a captcha this server drew, and takes each captcha once', async () => {
    const phone = '13800000004';
    const codes = () => s.store.db.selectFrom('smsCodes').select('phone').where('phone', '=', phone).execute();
    const anon = s.anonymous();
    const made = await failure(anon.auth.sendSms({ phone, captchaKey: 'made-up', captchaCode: '2345' }));
    expect(made.key).toBe('login.captchaIncorrect');
    const c = (await anon.auth.captcha()) as { key: string; answer: string };
    const wrong = await failure(anon.auth.sendSms({ phone, captchaKey: c.key, captchaCode: '0000' }));
    expect(wrong.key).toBe('login.captchaIncorrect');
    // the captcha went with the wrong answer: its right answer no longer sends
    const late = await failure(anon.auth.sendSms({ phone, captchaKey: c.key, captchaCode: c.answer }));
    expect(late.key).toBe('login.captchaIncorrect');
    expect(await codes()).toEqual([]);
    const fresh = (await anon.auth.captcha()) as { key: string; answer: string };
    await anon.auth.sendSms({ phone, captchaKey: fresh.key, captchaCode: fresh.answer });
    expect(await codes()).toHaveLength(1);
  });
});
