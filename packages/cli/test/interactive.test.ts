import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';
import { runInPty } from './helpers/pty.js';

/** Prompts on a real pseudo-terminal: what a person at a terminal sees and types. */
describe('interactive use on a terminal', () => {
  let s: TestServer;
  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('login asks for username, hidden password and the captcha drawn in the terminal', async () => {
    const dir = tempConfigDir();
    const pty = runInPty(['login', '--server', s.baseUrl], { LIFTCTL_CONFIG_DIR: dir });
    await pty.waitFor('Username');
    pty.type('admin\r');
    await pty.waitFor('Password');
    pty.type('LiftDemo2026\r');
    await pty.waitFor('Verification code shown above');
    // the person reads the drawing off the terminal; the test reads the answer from the store
    pty.type(`${await s.captchaAnswer()}\r`);
    await pty.waitFor('Logged in to');
    expect(await pty.exit).toBe(0);
    expect(pty.screen()).not.toContain('LiftDemo2026');
    expect(pty.screen()).toContain('************');
    const file = join(dir, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).default.session.username).toBe('admin');
    const status = await runCli(['auth', 'status', '-o', 'json'], { env: { LIFTCTL_CONFIG_DIR: dir } });
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'default', server: s.baseUrl });
  });

  it('a mistyped captcha gets a fresh one; a wrong password is the server message, exit 3', async () => {
    const dir = tempConfigDir();
    const pty = runInPty(['login', '--server', s.baseUrl, '--username', 'admin'], { LIFTCTL_CONFIG_DIR: dir });
    await pty.waitFor('Password');
    pty.type('wrong-password\r');
    await pty.waitFor('Verification code shown above');
    pty.type('0000\r');
    await pty.waitFor('Verification code incorrect or expired');
    await pty.waitFor(/incorrect or expired[\s\S]*Verification code shown above/);
    pty.type(`${await s.captchaAnswer()}\r`);
    await pty.waitFor('Login failed');
    expect(await pty.exit).toBe(3);
  });

  it('delete asks on a terminal; no is exit 5 and nothing is deleted', async () => {
    const dir = tempConfigDir();
    const env = { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl };
    const admin = await s.login('admin');
    const token = (await admin.tokens.create('pty')).token;
    const body = { no: 'PTY-1', name: 'Pty Bureau', region: 'R', address: 'A' };
    const created = await admin.crud<{ id: number }>('qualityBodies').save(body as never);
    const pty = runInPty(['quality-body', 'delete', String(created.id)], { ...env, LIFTCTL_TOKEN: token });
    await pty.waitFor('(y/N)');
    pty.type('n\r');
    expect(await pty.exit).toBe(5);
    expect(pty.screen()).toContain('Cancelled');
    expect((await admin.crud('qualityBodies').get(created.id)) as object).toMatchObject({ no: 'PTY-1' });
  });
});
