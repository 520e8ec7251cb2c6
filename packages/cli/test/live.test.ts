import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { CredentialsFile } from '../src/config/credentials.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';
import { unzip } from './helpers/unzip.js';

/**
 * The built liftctl as a subprocess (no terminal) against the real server with demo data. A test here starts
 * up to eight liftctl processes one after another; on a loaded two-core machine each start can take seconds.
 */
describe('liftctl against a live server', { timeout: 120_000 }, () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let accessToken: string;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    accessToken = (await admin.tokens.create('cli-tests')).token;
  });
  afterAll(async () => s?.close());

  /** A fresh config directory logged in with the access token, and a runner bound to it. */
  async function loggedIn() {
    const dir = tempConfigDir();
    const env = { LIFTCTL_CONFIG_DIR: dir };
    const run = (args: string[], input?: string) => runCli(args, { env, input });
    expect((await run(['profile', 'set', '--server', s.baseUrl])).code).toBe(0);
    const login = await run(['login', '--with-token'], `${accessToken}\n`);
    expect(login.code, login.stderr).toBe(0);
    return { dir, env, run };
  }

  /**
   * A config directory holding a password login's session (what an interactive `liftctl login` stores; the
   * prompts themselves need a terminal, checked by hand in tmux). Access tokens cannot mint tokens, and
   * logout revokes sessions, not access tokens, so those tests need this kind of login.
   */
  async function sessionLogin() {
    const dir = tempConfigDir();
    const env = { LIFTCTL_CONFIG_DIR: dir };
    const run = (args: string[], input?: string) => runCli(args, { env, input });
    expect((await run(['profile', 'set', '--server', s.baseUrl])).code).toBe(0);
    const session = (await s.login('admin')).session.get();
    if (!session) throw new Error('no session');
    new CredentialsFile(join(dir, 'credentials.json')).put('default', { server: s.baseUrl, session, orgId: null });
    return { dir, env, run, token: session.token };
  }

  it('login --with-token reads stdin, stores the session 0600, and auth status reports it', async () => {
    const { dir, run } = await loggedIn();
    const file = join(dir, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('"server"');
    const status = await run(['auth', 'status', '-o', 'json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ server: s.baseUrl, username: 'admin', tokenSource: 'file' });
    expect(status.stderr).toBe('');
  });

  it('without a terminal, login asks for --with-token and auth status says not logged in (exit 3)', async () => {
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl };
    const login = await runCli(['login'], { env });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('--with-token');
    const status = await runCli(['auth', 'status'], { env });
    expect(status.code).toBe(3);
    expect(status.stdout).toBe('');
  });

  it('lists in every format, data on stdout only', async () => {
    const { run } = await loggedIn();
    const json = await run(['company', 'list', '-o', 'json']);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe('');
    const companies = JSON.parse(json.stdout) as { id: number; name: string; type: number }[];
    expect(companies.map((c) => c.name)).toContain('Demo Elevator Group');
    const jsonl = await run(['company', 'list', '-o', 'jsonl', '--type', '2']);
    const rows = jsonl.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: number });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.type === 2)).toBe(true);
    const csv = await run(['company', 'list', '-o', 'csv', '--name', 'Swift']);
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^id,no,name,/);
    expect(csv.stdout).toContain('Swift Lift Maintenance');
    const exported = await run(['company', 'export', '--type', '2']);
    expect(exported.stdout.startsWith('\ufeffID,Company no.,Company name,')).toBe(true);
    expect(exported.stdout.trimEnd().split('\r\n')).toHaveLength(rows.length + 1);
    expect((await run(['company', 'export', '--no-bom'])).stdout.startsWith('ID,')).toBe(true);
    const xlsx = join(tempConfigDir(), 'companies.xlsx');
    const wrote = await run(['company', 'export', '--xlsx', xlsx]);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stdout).toBe('');
    const files = unzip(xlsx);
    expect(files.get('xl/sharedStrings.xml')).toContain('Company no.');
    expect(files.get('xl/sharedStrings.xml')).toContain('Swift Lift North Branch');
    expect(files.get('xl/worksheets/sheet1.xml')?.match(/<row /g)).toHaveLength(companies.length + 1);
    const table = await run(['company', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+COMPANY NO\.\s+COMPANY NAME/);
    expect(table.stdout).not.toContain('\u001b[');
  });

  it(
    'an entity filter named like a global flag reaches the filter; the globals still work after the command',
    { timeout: 90_000 },
    async () => {
      const { run } = await loggedIn();
      const root = await s.login('superAdmin');
      const versions = root.crud<{ id: number }>('gatewayVersions');
      for (const [versionId, version] of [
        ['cli-filter-a', '2.1.0'],
        ['cli-filter-b', '2.2.0'],
      ])
        await versions.save({
          softwareName: 'cli-filter',
          versionId,
          version,
          status: 1,
          md5: 'a'.repeat(32),
        } as never);
      const listed = await run([
        'gateway-version',
        'list',
        '--version',
        '2.1.0',
        '--software-name',
        'cli-filter',
        '-o',
        'json',
      ]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).not.toMatch(/^\d+\.\d+\.\d+\n?$/); // not the CLI's own version
      const rows = JSON.parse(listed.stdout) as { versionId: string; version: string }[];
      expect(rows.map((r) => r.versionId)).toEqual(['cli-filter-a']);
      // the program's version is still there before a command; after another command it is no filter of it
      expect((await run(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
      const swallowed = await run(['company', 'list', '--version']);
      expect(swallowed.code).toBe(2);
      expect(swallowed.stderr).toContain("unknown option '--version'");
      // global options after the command name, and between a group and its command
      const after = await run(['company', 'list', '-o', 'json', '--name', 'Swift']);
      expect(JSON.parse(after.stdout)).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Swift Lift Maintenance' })]),
      );
      const between = await run(['company', '-o', 'jsonl', 'list', '--name', 'Swift']);
      expect(between.code, between.stderr).toBe(0);
      expect(between.stdout.trim().split('\n').length).toBeGreaterThan(0);
      expect(JSON.parse(between.stdout.trim().split('\n')[0]!)).toHaveProperty('name');
    },
  );

  it('org list shows the organisations the user can act in, the one in use marked', async () => {
    const { run } = await loggedIn();
    const orgs = JSON.parse((await run(['org', 'list', '-o', 'json'])).stdout) as { id: number; current: boolean }[];
    expect(orgs.find((o) => o.current)?.id).toBe(s.demo.companies.demoRoot);
    const chosen = orgs.find((o) => !o.current)?.id ?? 0;
    const again = JSON.parse((await run(['--org', String(chosen), 'org', 'list', '-o', 'json'])).stdout) as typeof orgs;
    expect(again.find((o) => o.current)?.id).toBe(chosen);
  });

  it('list --all follows pages; --page-size pages', async () => {
    const { run } = await loggedIn();
    const bodies = admin.crud<{ id: number }>('qualityBodies');
    for (let i = 0; i < 25; i++)
      await bodies.save({ no: `QB-${i}`, name: `Bureau ${i}`, region: 'Test', address: `Street ${i}` } as never);
    const page = await run(['quality-body', 'list', '--page-size', '20', '-o', 'json']);
    expect(JSON.parse(page.stdout)).toHaveLength(20);
    const all = await run(['quality-body', 'list', '--all', '-o', 'jsonl']);
    expect(all.code).toBe(0);
    const total = (await bodies.list({ pageNo: 1, pageSize: 20 })).total;
    expect(all.stdout.trimEnd().split('\n')).toHaveLength(total);
    expect((await run(['quality-body', 'list', '--page-size', '25'])).code).toBe(2);
  });

  it('create validates before sending; update merges; delete asks unless --yes', async () => {
    const { run } = await loggedIn();
    const invalid = await run(['company', 'create', '--set', 'no=CLI-1', '--set', 'phone=123']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('Phone: must be 11 digits starting with 1');
    const dry = await run([
      'company',
      'create',
      '--set',
      'no=CLI-1',
      '--set',
      'name=CLI Co',
      '--set',
      'type=7',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ no: 'CLI-1', name: 'CLI Co', type: 7 });
    expect((await run(['company', 'list', '--no', 'CLI-1', '-o', 'json'])).stdout.trim()).toBe('[]');
    const created = await run(['company', 'create', '--set', 'no=CLI-1', '--set', 'name=CLI Co', '--set', 'type=7']);
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    expect(id).toMatch(/^\d+$/);
    const updated = await run(['company', 'update', id, '-f', '-', '-o', 'json'], '{"brand":"Acme"}');
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ no: 'CLI-1', name: 'CLI Co', brand: 'Acme' });
    const refused = await run(['company', 'delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await run(['company', 'get', id, '-o', 'json'])).code).toBe(0);
    const partial = await run(['company', 'delete', id, '999999', '--yes']);
    expect(partial.code).toBe(4);
    const gone = await run(['company', 'get', id]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(`No such Company: ${id}\n`);
  });

  it("a new user's password comes from the JSON file, never from --set", async () => {
    const { run } = await loggedIn();
    const set = ['--set', 'username=cli.ops', '--set', 'name=CLI Ops', '--set', 'phone=13900000001'];
    const more = ['--set', 'user-type=2', '--set', 'role-ids=1', '--set', 'maintainer=false'];
    const flag = await run(['user', 'create', ...set, ...more, '--set', 'password=Secret2026x']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('password is a secret');
    const missing = await run(['user', 'create', ...set, ...more]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Password: cannot be empty');
    const created = await run(['user', 'create', '-f', '-', ...set, ...more], '{"password":"Secret2026x"}');
    expect(created.code, created.stderr).toBe(0);
    const user = await run(['user', 'get', created.stdout.trim(), '-o', 'json']);
    expect(JSON.parse(user.stdout)).toMatchObject({ username: 'cli.ops', userType: 2 });
    expect(user.stdout).not.toContain('Secret2026x');
  });

  it('permission errors are exit 3 with the server message in the profile language', async () => {
    const { run } = await loggedIn();
    const denied = await run(['tenant', 'list']);
    expect(denied.code).toBe(3);
    expect(denied.stderr).toContain('Only the super administrator can do this');
    await run(['profile', 'set', '--language', 'zh-CN']);
    const zh = await run(['tenant', 'list']);
    expect(zh.stderr).toContain('只有超级管理员可以执行此操作');
  });

  it('LIFTCTL_TOKEN works with no stored login; a bad one is exit 3', async () => {
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: accessToken };
    const ok = await runCli(['use-unit', 'list', '-o', 'json'], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).length).toBeGreaterThan(0);
    const bad = await runCli(['use-unit', 'list'], { env: { ...env, LIFTCTL_TOKEN: 'lct_not-a-token' } });
    expect(bad.code).toBe(3);
  });

  it('--debug shows requests on stderr with the token redacted', async () => {
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: accessToken };
    const result = await runCli(['--debug', 'company', 'list', '-o', 'json'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/api\/companies\?/);
    expect(result.stderr).toContain('authorization: Bearer ***');
    expect(result.stderr).not.toContain(accessToken);
    const session = JSON.stringify(result.stderr.match(/"token":"[^*"]+"/));
    expect(session).toBe('null');
  });

  it('token create prints the secret once on stdout; revoke ends it', async () => {
    const { run } = await sessionLogin();
    const created = await run(['token', 'create', 'nightly', '-o', 'json']);
    expect(created.code).toBe(0);
    const token = JSON.parse(created.stdout) as { id: number; token: string };
    const list = await run(['token', 'list', '-o', 'json']);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((t) => t.name)).toContain('nightly');
    expect(list.stdout).not.toContain(token.token);
    expect((await run(['token', 'revoke', String(token.id)])).code).toBe(0);
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token.token };
    expect((await runCli(['company', 'list'], { env })).code).toBe(3);
  });

  it('logout revokes the session on the server and forgets it here', async () => {
    const { dir, run, token } = await sessionLogin();
    const file = join(dir, 'credentials.json');
    expect((await s.fetch('auth/me', { token })).status).toBe(200);
    const out = await run(['logout']);
    expect(out.code).toBe(0);
    expect((await s.fetch('auth/me', { token })).status).toBe(401);
    expect(readFileSync(file, 'utf8')).not.toContain(token);
    expect((await run(['auth', 'status'])).code).toBe(3);
  });

  it('logout of an access-token login forgets it here and says the token itself stays valid', async () => {
    const { run } = await loggedIn();
    const out = await run(['logout']);
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('liftctl token revoke');
    expect((await run(['auth', 'status'])).code).toBe(3);
  });
});
