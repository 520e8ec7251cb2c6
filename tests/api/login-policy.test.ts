import { LOGIN_THROTTLE, SMS_LIMITS } from '@liftcloud/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../packages/server/src/seed/demo.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

interface Answer {
  status: number;
  key: string;
  retryAfter: number | null;
}

/**
 * The login doors as seen from one client address: the test server believes X-Forwarded-For from
 * 127.0.0.1 (trustProxy), so each call can come from its own source.
 */
function from(s: TestServer, address: string) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': address, 'accept-language': 'en-US' };
  const post = async (path: string, body: object): Promise<Answer> => {
    const res = await fetch(`${s.apiBase}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { data?: { key?: string } };
    const retry = res.headers.get('retry-after');
    return { status: res.status, key: json.data?.key ?? '', retryAfter: retry === null ? null : Number(retry) };
  };
  const captcha = async () => {
    const res = await fetch(`${s.apiBase}/auth/captcha`, { headers });
    const { data } = (await res.json()) as { data: { key: string; answer: string } };
    return { captchaKey: data.key, captchaCode: data.answer };
  };
  return {
    login: async (username: string, password: string) =>
      post('auth/login', { username, password, ...(await captcha()) }),
    sendSms: async (phone: string) => post('auth/sms/send', { phone, ...(await captcha()) }),
    smsLogin: (phone: string, code: string) => post('auth/sms/login', { phone, code }),
  };
}

/** The code of the last SMS the outbox holds for a phone. */
async function lastCode(s: TestServer, phone: string): Promise<string> {
  const row = await s.store.db
    .selectFrom('messageRecords')
    .select('content')
    .where('target', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.content)![1]!;
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(DIALECTS)('the login policy on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => s?.close());
  afterEach(() => vi.useRealTimers());

  it('slows a source that guesses, even with the right password, and never locks the owner out', async () => {
    const guesser = from(s, '198.51.100.1');
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect((await guesser.login('superAdmin', 'Wrong-guess-1')).key).toBe('login.failed');
    const held = await guesser.login('superAdmin', DEMO_PASSWORD);
    expect(held).toMatchObject({ status: 429, key: 'login.tooManyAttempts' });
    expect(held.retryAfter).toBeGreaterThan(0);
    expect(held.retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.firstDelayMs / 1000);

    // the owner, somewhere else, gets in at once; that does not lift the guesser's wait
    expect((await from(s, '203.0.113.9').login('superAdmin', DEMO_PASSWORD)).status).toBe(200);
    expect((await guesser.login('superAdmin', DEMO_PASSWORD)).status).toBe(429);

    // once the wait is over one more guess is checked, and the next wait is twice as long
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LOGIN_THROTTLE.firstDelayMs + 1_000 });
    expect((await guesser.login('superAdmin', 'Wrong-guess-2')).key).toBe('login.failed');
    const longer = await guesser.login('superAdmin', DEMO_PASSWORD);
    expect(longer.status).toBe(429);
    expect(longer.retryAfter).toBeGreaterThan(LOGIN_THROTTLE.firstDelayMs / 1000);
    expect(longer.retryAfter).toBeLessThanOrEqual((2 * LOGIN_THROTTLE.firstDelayMs) / 1000);
  });

  it('slows sources an account never logged in from after guesses spread over many, not the owner’s', async () => {
    const owner = from(s, '203.0.113.50');
    expect((await owner.login('companyadmin', DEMO_PASSWORD)).status).toBe(200);
    const perSource = LOGIN_THROTTLE.freeFailures;
    for (let n = 0; n < LOGIN_THROTTLE.accountFailures / perSource; n++) {
      const guesser = from(s, `198.51.100.${20 + n}`);
      for (let i = 0; i < perSource; i++) await guesser.login('companyadmin', `Wrong-${n}-${i}`);
    }
    expect((await from(s, '198.51.100.99').login('companyadmin', DEMO_PASSWORD)).key).toBe('login.tooManyAttempts');
    expect((await owner.login('companyadmin', DEMO_PASSWORD)).status).toBe(200);
  });

  it('holds an SMS login to the same policy: no way around a wait, failures count, a success clears only its source', async () => {
    const phone = '13800000004'; // companyuser
    const guesser = from(s, '198.51.100.40');
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) await guesser.login('companyuser', 'Wrong-guess-3');
    // the guessing source has the phone's code sent and tries the SMS door: it waits there too
    expect((await guesser.sendSms(phone)).status).toBe(200);
    expect(await guesser.smsLogin(phone, await lastCode(s, phone))).toMatchObject({
      status: 429,
      key: 'login.tooManyAttempts',
    });

    // wrong SMS codes count as failures of their source
    const codeGuesser = from(s, '198.51.100.41');
    expect((await codeGuesser.sendSms(phone)).status).toBe(200);
    const sent = await lastCode(s, phone);
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++)
      expect((await codeGuesser.smsLogin(phone, wrongCode(sent))).key).toBe('login.captchaIncorrect');
    expect((await codeGuesser.smsLogin(phone, sent)).status).toBe(429);

    // the owner's phone, from its own place, logs in; the guessers still wait
    const owner = from(s, '203.0.113.60');
    expect((await owner.sendSms(phone)).status).toBe(200);
    expect((await owner.smsLogin(phone, await lastCode(s, phone))).status).toBe(200);
    expect((await guesser.login('companyuser', DEMO_PASSWORD)).status).toBe(429);

    // an administrator's lock closes both doors
    const admin = await s.login('admin');
    await admin.users.setLocked(s.demo.users.companyuser, true);
    expect((await owner.login('companyuser', DEMO_PASSWORD)).key).toBe('login.locked');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await owner.sendSms(phone)).status).toBe(200);
    expect((await owner.smsLogin(phone, await lastCode(s, phone))).key).toBe('login.locked');
    vi.useRealTimers();
    await admin.users.setLocked(s.demo.users.companyuser, false);
  });

  it('limits SMS sends per phone and source, per source and per phone from strangers, and keeps the owner’s door open', async () => {
    const phone = '13800000004';
    // an hour on: the sends of the test before no longer count
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const known = from(s, '203.0.113.60'); // logged in from there in the test before
    // strangers, each once: up to the per-phone cap for strangers
    for (let n = 0; n < SMS_LIMITS.perPhonePerHour; n++)
      expect((await from(s, `192.0.2.${n + 1}`).sendSms(phone)).status, `stranger ${n + 1}`).toBe(200);
    expect((await from(s, '192.0.2.200').sendSms(phone)).key).toBe('login.smsTooFrequent');
    // a source the account logs in from still gets a code, once a minute
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 61_000 });
    expect((await known.sendSms(phone)).status).toBe(200);
    expect((await known.smsLogin(phone, await lastCode(s, phone))).status).toBe(200);
    expect((await known.sendSms(phone)).key).toBe('login.smsTooFrequent');

    // one source asking for codes to many phones is stopped
    const pump = from(s, '198.51.100.77');
    for (let n = 0; n < SMS_LIMITS.perSourcePerHour; n++)
      expect((await pump.sendSms(`139${String(n).padStart(8, '0')}`)).status).toBe(200);
    expect((await pump.sendSms('13999999999')).key).toBe('login.smsTooFrequent');
  });
});
