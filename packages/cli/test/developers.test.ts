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

  it('message send renders a template to a mobile number or an e-mail address, and names what is wrong', async () => {
    const superAdmin = await s.login('superAdmin');
    superAdmin.session.setOrgId(s.demo.companies.demoRoot!);
    const tpl = await superAdmin.entities.smsTemplate.save({
      name: 'CLI test',
      content: 'Lift {elevator}: {note}',
      params: 'elevator,note',
    });
    const sent = await run([
      'message',
      'send',
      '--template',
      String(tpl.id),
      '--target',
      '13800000123',
      '--value',
      'elevator=Lift A',
      '--value',
      'note=door check at 10:00',
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    const id = Number(sent.stdout.trim());
    const record = await s.store.db
      .selectFrom('messageRecords')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ type: 2, target: '13800000123', content: 'Lift Lift A: door check at 10:00' });
    expect(Number(record.status)).toBe(0);
    const mail = await run([
      'message',
      'send',
      '--template',
      String(tpl.id),
      '--target',
      'ops@example.com',
      '--value',
      'elevator=B',
      '--value',
      'note=x',
    ]);
    expect(mail.code, mail.stderr).toBe(0);
    const missing = await run([
      'message',
      'send',
      '--template',
      String(tpl.id),
      '--target',
      '13800000123',
      '--value',
      'elevator=B',
    ]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('Values: no value given for note');
    const badTarget = await run([
      'message',
      'send',
      '--template',
      String(tpl.id),
      '--target',
      '12345',
      '--value',
      'elevator=B',
      '--value',
      'note=x',
    ]);
    expect(badTarget.code).not.toBe(0);
    expect(badTarget.stderr).toContain('Target');
    const badValue = await run([
      'message',
      'send',
      '--template',
      String(tpl.id),
      '--target',
      '13800000123',
      '--value',
      'novalue',
    ]);
    expect(badValue.code).toBe(2);
  }, 120_000);

  it('has the debug-personnel entity commands', async () => {
    const created = await run([
      'debug-personnel',
      'create',
      '--set',
      `userId=${s.demo.users.companyadmin}`,
      '--set',
      'debugLevel=2',
      '--set',
      'passwordExpiry=2031-01-31',
      '--set',
      'contractNos=HT-1,HT-2',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const listed = await run(['debug-personnel', 'list', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('HT-1,HT-2');
    const bad = await run(['debug-personnel', 'update', created.stdout.trim(), '--set', 'contractNos=HT-1,,HT-3']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Contract numbers');
  }, 90_000);
});
