import { LOGIN_THROTTLE } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

async function captcha(s: TestServer) {
  return (await s.anonymous().auth.captcha()) as { key: string; answer: string; image: string; text: string };
}

describe.each(DIALECTS)('login and session on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  it('answers a captcha as an SVG image and terminal text without login', async () => {
    const c = await captcha(s);
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // the same drawing for a terminal: rows of half-block characters
    expect(c.text.split('\n').length).toBeGreaterThanOrEqual(8);
    expect(c.text).toMatch(/[▀▄█]/);
    expect(c.answer).toMatch(/^[2-9]{4}$/);
  });

  it('logs in with password and captcha and answers what the console keeps', async () => {
    const client = await s.login('admin');
    const session = client.session.get();
    expect(session?.token).toMatch(/^[\w-]{40,}$/);
    expect(session).toMatchObject({
      username: 'admin',
      userType: 1,
      tenantAdmin: true,
      platform: 'web',
      captchaShown: true,
    });
    expect(session?.auth).toMatch(/^[01]+$/);
    expect(session?.auth[110]).toBe('1');
    expect(session?.orgId).toBe(s.demo.companies.demoRoot);
    expect(session?.imPassword).not.toBe('');
    expect(session?.uiSetting.systemName).toBe('LiftCloud 电梯云');
  });

  it('refuses a wrong captcha, and a captcha used once', async () => {
    const c = await captcha(s);
    const wrong = await failure(
      s.anonymous().auth.login({ username: 'admin', password: 'LiftDemo2026', captchaKey: c.key, captchaCode: '0000' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Verification code incorrect or expired');
    const reused = await failure(
      s
        .anonymous()
        .auth.login({ username: 'admin', password: 'LiftDemo2026', captchaKey: c.key, captchaCode: c.answer }),
    );
    expect(reused.key).toBe('login.captchaIncorrect');
  });

  it('answers login failures in the request language', async () => {
    const c = await captcha(s);
    const zh = s.anonymous('zh-CN');
    const e = await failure(
      zh.auth.login({ username: 'admin', password: 'Wrong12345', captchaKey: c.key, captchaCode: c.answer }),
    );
    expect(e.status).toBe(401);
    expect(e.message).toBe('登录失败：用户名或密码错误');
    const it = await failure(
      s.anonymous('it-Italy').auth.login({
        username: 'nobody',
        password: 'Wrong12345',
        captchaKey: (await captcha(s)).key,
        captchaCode: 'x',
      }),
    );
    expect(it.message).toBe('Codice di verifica errato o scaduto');
  });

  it('makes a source that failed repeatedly wait, even for the right password, and logs each refusal', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      const c = await captcha(s);
      await failure(
        s
          .anonymous()
          .auth.login({ username: 'qauser', password: 'Wrong12345', captchaKey: c.key, captchaCode: c.answer }),
      );
    }
    const e = await failure(s.login('qauser'));
    expect(e.status).toBe(429);
    expect(e.key).toBe('login.tooManyAttempts');
    expect(e.message).toMatch(/try again in \d+ seconds/);
    const logs = await s.store.db.selectFrom('loginLogs').select(['result']).where('userName', '=', 'qauser').execute();
    expect(logs.filter((l) => l.result === 2).length).toBeGreaterThanOrEqual(LOGIN_THROTTLE.freeFailures + 1);
  });

  it('lets an administrator lock and unlock an account', async () => {
    const admin = await s.login('admin');
    await admin.users.setLocked(s.demo.users.general, true);
    expect((await failure(s.login('general'))).key).toBe('login.locked');
    await admin.users.setLocked(s.demo.users.general, false);
    expect((await s.login('general')).session.get()?.username).toBe('general');
  });

  it('stops a frozen tenant from logging in, and its open sessions from working', async () => {
    const coastal = await s.login('coastaladmin');
    const root = await s.login('superAdmin');
    const tenant = await root.entities.tenant.get(s.demo.tenants.coastal);
    await root.entities.tenant.save({ ...pick(tenant), status: 2 });
    expect((await failure(s.login('coastaladmin'))).key).toBe('login.tenantFrozen');
    expect((await failure(coastal.auth.me())).status).toBe(401);
    await root.entities.tenant.save({ ...pick(tenant), status: 1 });
    expect((await s.login('coastaladmin')).session.get()?.username).toBe('coastaladmin');
  });

  it('logs in by SMS code: valid once, through the outbox provider', async () => {
    const anon = s.anonymous();
    const c = await captcha(s);
    await anon.auth.sendSms({ phone: '13800000004', captchaKey: c.key, captchaCode: c.answer });
    const record = await s.store.db
      .selectFrom('messageRecords')
      .select(['content', 'type', 'target'])
      .where('target', '=', '13800000004')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(record.type).toBe(2);
    const code = /(\d{6})/.exec(record.content)?.[1] ?? '';
    expect(code).toHaveLength(6);
    const wrong = await failure(
      anon.auth.smsLogin({ phone: '13800000004', code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.key).toBe('login.captchaIncorrect');
    const answer = await anon.auth.smsLogin({ phone: '13800000004', code });
    expect(answer.username).toBe('companyuser');
    const again = await failure(s.anonymous().auth.smsLogin({ phone: '13800000004', code }));
    expect(again.key).toBe('login.captchaIncorrect');
  });

  it('limits SMS to one a minute per phone and refuses an expired code', async () => {
    const anon = s.anonymous();
    let c = await captcha(s);
    await anon.auth.sendSms({ phone: '13800000005', captchaKey: c.key, captchaCode: c.answer });
    c = await captcha(s);
    const e = await failure(anon.auth.sendSms({ phone: '13800000005', captchaKey: c.key, captchaCode: c.answer }));
    expect(e.status).toBe(429);
    const record = await s.store.db
      .selectFrom('messageRecords')
      .select('content')
      .where('target', '=', '13800000005')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(record.content)?.[1] ?? '';
    await s.store.db
      .updateTable('smsCodes')
      .set({ expireTime: Date.now() - 1 })
      .where('phone', '=', '13800000005')
      .execute();
    expect((await failure(anon.auth.smsLogin({ phone: '13800000005', code }))).key).toBe('login.captchaIncorrect');
  });

  it('answers 401 for a missing, unknown or revoked token', async () => {
    expect((await s.fetch('auth/me')).status).toBe(401);
    expect((await s.fetch('auth/me', { token: 'not-a-token' })).status).toBe(401);
    const client = await s.login('companyadmin');
    const token = tokenOf(client);
    expect((await s.fetch('auth/me', { token })).status).toBe(200);
    await client.auth.logout();
    const after = await s.fetch('auth/me', { token });
    expect(after.status).toBe(401);
    expect((after.body.data as { key: string }).key).toBe('error.sessionExpired');
  });

  it('answers 401 for an expired session', async () => {
    const client = await s.login('platform');
    await s.store.db
      .updateTable('sessions')
      .set({ expireTime: Date.now() - 1000 })
      .where('userId', '=', s.demo.users.platform)
      .execute();
    // The server keeps who a token is for 2 s: its clock (Date, shared with this test) is moved past that
    // instead of waiting for it.
    vi.setSystemTime(Date.now() + 2_100);
    try {
      expect((await s.fetch('auth/me', { token: tokenOf(client) })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('changes a password only with matching entries and the current password', async () => {
    const client = await s.login('qaadmin');
    const mismatch = await failure(
      client.auth.changePassword({
        oldPassword: 'LiftDemo2026',
        newPassword: 'NewPass2026',
        confirmPassword: 'NewPass2027',
      }),
    );
    expect(mismatch.fieldErrors[0]).toMatchObject({
      field: 'confirmPassword',
      message: 'Confirm password: the two password entries do not match',
    });
    const weak = await failure(
      client.auth.changePassword({ oldPassword: 'LiftDemo2026', newPassword: 'short', confirmPassword: 'short' }),
    );
    expect(weak.fieldErrors[0]?.rule).toBe('validation.password');
    const wrongOld = await failure(
      client.auth.changePassword({
        oldPassword: 'Nope2026x',
        newPassword: 'NewPass2026',
        confirmPassword: 'NewPass2026',
      }),
    );
    expect(wrongOld.key).toBe('login.oldPasswordIncorrect');
    await client.auth.changePassword({
      oldPassword: 'LiftDemo2026',
      newPassword: 'NewPass2026',
      confirmPassword: 'NewPass2026',
    });
    expect((await s.login('qaadmin', 'NewPass2026')).session.get()?.username).toBe('qaadmin');
    const stored = await s.store.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'qaadmin')
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('resets a password to a one-time one that must be changed before anything else', async () => {
    const admin = await s.login('admin');
    const { password } = await admin.users.resetPassword(s.demo.users.companyuser);
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    const user = await s.login('companyuser', password);
    expect(user.session.get()?.mustChangePassword).toBe(true);
    expect((await failure(user.entities.company.list())).key).toBe('login.mustChangePassword');
    await user.auth.changePassword({
      oldPassword: password,
      newPassword: 'Fresh2026pw',
      confirmPassword: 'Fresh2026pw',
    });
    expect((await user.auth.me()).username).toBe('companyuser');
  });

  it('creates named access tokens that act as their owner, are stored hashed, and can be revoked', async () => {
    const client = await s.login('companyadmin');
    // A list before the create: its cached total must not hide the new token (written outside the repository).
    const before = (await client.entities.accessToken.list()).total;
    const created = await client.tokens.create('nightly import');
    expect((await client.entities.accessToken.list()).total).toBe(before + 1);
    expect(created.token).toMatch(/^lct_/);
    const stored = await s.store.db
      .selectFrom('sessions')
      .select(['tokenHash', 'kind'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('access');
    expect(stored.tokenHash).not.toContain(created.token);
    const script = s.anonymous();
    const answer = await script.auth.tokenLogin(created.token);
    expect(answer.username).toBe('companyadmin');
    expect((await script.auth.me()).username).toBe('companyadmin');
    const used = await client.entities.accessToken.get(created.id);
    expect(used.lastUsedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(used.prefix).toBe(created.token.slice(0, 10));
    const listed = await client.entities.accessToken.list();
    expect(listed.records.map((r) => r.name)).toContain('nightly import');
    expect(JSON.stringify(listed)).not.toContain(created.token);
    await client.tokens.revoke(created.id);
    expect((await s.fetch('auth/me', { token: created.token })).status).toBe(401);
  });
});

/** The writable fields of a tenant record, for a save. */
function pick(t: { id: number; name: string; status: number; initialCompanyName: string }) {
  return { id: t.id, name: t.name, status: t.status as 1 | 2, initialCompanyName: t.initialCompanyName };
}
