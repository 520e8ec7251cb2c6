import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

// Serving the console's build does not touch the store: one dialect.
describe(`the console's files (${DIALECTS[0]})`, () => {
  let s: TestServer;
  const webRoot = mkdtempSync(join(tmpdir(), 'liftcloud-web-'));
  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")');
    s = await startTestServer({ dialect: DIALECTS[0], webRoot });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const res = await fetch(`${s.baseUrl}${path}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  it('serves its files, its index for its own routes, and JSON 404s under /api', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("app")');
    for (const path of ['/', '/login', '/system/users', '/assets/missing.js'])
      expect((await get(path)).text, path).toContain('<title>console</title>');
    const api = await get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.type).toContain('application/json');
    // nothing outside the build's folder
    const outside = await get('/..%2f..%2fetc%2fpasswd');
    expect(outside.text).not.toContain('root:');
  });
});
