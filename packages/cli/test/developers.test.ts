import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** The shell example of docs/developer-api.md, as written there. */
function docsScript(dir: string): string {
  const doc = readFileSync(new URL('../../../docs/developer-api.md', import.meta.url), 'utf8');
  const script = /```sh\n(#!\/bin\/sh\n[\s\S]*?)```/.exec(doc)?.[1];
  if (!script) throw new Error('no shell example in docs/developer-api.md');
  const file = join(dir, 'open-api.sh');
  writeFileSync(file, script, { mode: 0o755 });
  return file;
}

const sh = (file: string, env: Record<string, string>, path: string) =>
  new Promise<string>((resolve, reject) =>
    execFile('sh', [file, path], { env: { PATH: process.env.PATH, ...env } }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    ),
  );

/** liftctl developer create|rotate-secret|close and webhook deliveries, with the docs' signed curl, live. */
describe('liftctl developer and webhook', () => {
  let s: TestServer;
  let dir: string;
  let token = '';
  let org = '';
  const run = (args: string[]) =>
    runCli(args, {
      env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token, LIFTCTL_ORG: org },
    });

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    const superAdmin = await s.login('superAdmin');
    token = (await superAdmin.tokens.create('developer-tests')).token;
    org = String(s.demo.companies.demoRoot);
    dir = tempConfigDir();
  });
  afterAll(async () => s?.close());

  it('creates an account, prints its secret once, and the documented shell script signs a request with it', async () => {
    const admin = await s.login('admin');
    const unit = (await admin.entities.useUnit.list({ name: 'Harbour Mall' })).records[0]!.id;
    const created = await run([
      'developer',
      'create',
      '--set',
      'code=PS-01',
      '--set',
      'name=Harbour property system',
      '--set',
      'status=1',
      '--set',
      `useUnitIds=${unit}`,
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    const rotated = await run(['developer', 'rotate-secret', id]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const secret = rotated.stdout.trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const appKey = /ak_[0-9a-f]{24}/.exec(rotated.stderr)?.[0] ?? '';
    expect(appKey).not.toBe('');

    const script = docsScript(dir);
    const env = { BASE: s.baseUrl, APP_KEY: appKey, APP_SECRET: secret };
    const answer = JSON.parse(await sh(script, env, '/api/open/v1/elevators?pageSize=5')) as { code: number };
    expect(answer.code).toBe(200);
    const wrong = JSON.parse(await sh(script, { ...env, APP_SECRET: 'not-the-secret' }, '/api/open/v1/alarms')) as {
      code: number;
    };
    expect(wrong.code).toBe(401);

    expect((await run(['developer', 'close', id])).code).toBe(0);
    const closed = JSON.parse(await sh(script, env, '/api/open/v1/elevators')) as { code: number };
    expect(closed.code).toBe(403);
  });

  it('lists deliveries with --failed and --since, and refuses a --since it cannot read', async () => {
    const failed = await run(['webhook', 'deliveries', '--failed', '--since', '24h']);
    expect(failed.code, failed.stderr).toBe(0);
    const bad = await run(['webhook', 'deliveries', '--since', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('yesterday');
    const missing = await run(['webhook', 'redeliver', '999999']);
    expect(missing.code).not.toBe(0);
  });
});
