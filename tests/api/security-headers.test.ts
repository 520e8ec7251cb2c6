import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

/** The headers of one answer, fetched raw. */
async function headersOf(s: TestServer, path: string, init: RequestInit = {}): Promise<Headers> {
  const res = await fetch(`${s.baseUrl}${path}`, init);
  await res.arrayBuffer();
  return res.headers;
}

// Headers do not touch the store: one dialect is enough.
describe(`security headers (${DIALECTS[0]})`, () => {
  let s: TestServer;
  const webRoot = mkdtempSync(join(tmpdir(), 'liftcloud-web-'));
  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    s = await startTestServer({ dialect: DIALECTS[0], webRoot });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a content security policy, nosniff, frame protection and a referrer policy on the API and the console', async () => {
    for (const path of ['/api/config', '/', '/login', '/api/docs']) {
      const h = await headersOf(s, path);
      const csp = h.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(h.get('x-content-type-options'), path).toBe('nosniff');
      expect(h.get('x-frame-options'), path).toBe('DENY');
      expect(h.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('marks every answer that carries a secret no-store, errors included', async () => {
    const anonymous = s.anonymous();
    const captcha = (await anonymous.auth.captcha()) as { key: string; answer: string };
    const json = { 'content-type': 'application/json' };
    const login = await headersOf(s, '/api/auth/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'admin',
        password: 'LiftDemo2026',
        captchaKey: captcha.key,
        captchaCode: captcha.answer,
      }),
    });
    expect(login.get('cache-control')).toBe('no-store');

    const admin = await s.login('admin');
    const auth = { authorization: `Bearer ${tokenOf(admin)}`, ...json };
    const token = await headersOf(s, '/api/accessTokens', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'headers' }),
    });
    expect(token.get('cache-control')).toBe('no-store');
    const reset = await headersOf(s, `/api/users/${s.demo.users.general}/resetPassword`, {
      method: 'POST',
      headers: { authorization: auth.authorization },
    });
    expect(reset.get('cache-control')).toBe('no-store');
    expect((await headersOf(s, '/api/auth/me')).get('cache-control')).toBe('no-store');
  });
});
