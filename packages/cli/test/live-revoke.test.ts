import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tokenOf, type TestServer } from '../../../tests/support/server.js';
import { EXIT } from '../src/exit-codes.js';
import { ensureBuilt, startCli, tempConfigDir } from './helpers/cli.js';
import { runInPty } from './helpers/pty.js';
import { waitFor } from './helpers/live-server.js';

/** Issue 12: a tail whose session is revoked elsewhere says why and exits with the auth code, not retrying. */
describe('alarms tail when its session is revoked', () => {
  let s: TestServer;
  let admin: LiftCloudClient;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
  });
  afterAll(async () => s?.close());

  /** `alarms tail` with this token, once its socket is open on the server. */
  async function tail(token: string) {
    const before = s.app.monitoring.hub.clients();
    const run = startCli(['alarms', 'tail', '-o', 'jsonl'], {
      LIFTCTL_CONFIG_DIR: tempConfigDir(),
      LIFTCTL_SERVER: s.baseUrl,
      LIFTCTL_TOKEN: token,
      LIFTCTL_RECONNECT_DELAY_MS: '100',
    });
    await waitFor(() => s.app.monitoring.hub.clients() > before, 10_000, 'the tail to connect');
    return run;
  }

  it('exits with the auth code and says the access token was revoked', async () => {
    const { id, token } = await admin.tokens.create('tail-revoke');
    const run = await tail(token);
    await admin.tokens.revoke(id);
    expect(await run.exited).toBe(EXIT.auth);
    expect(run.out.stderr).toContain('The live channel was closed: The access token in use was revoked.');
    expect(run.out.stderr).not.toContain('reconnecting');
    expect(run.out.stdout).toBe('');
  });

  it('exits with the auth code when the session logs out elsewhere', async () => {
    const user = await s.login('qaadmin');
    const run = await tail(tokenOf(user));
    await user.auth.logout();
    expect(await run.exited).toBe(EXIT.auth);
    expect(run.out.stderr).toContain('You were logged out (this session ended elsewhere)');
    expect(run.out.stderr).toContain('liftctl login');
  });

  it('the dashboard leaves its screen, says why and exits with the auth code', async () => {
    const { id, token } = await admin.tokens.create('dashboard-revoke');
    const before = s.app.monitoring.hub.clients();
    const pty = runInPty(['dashboard'], {
      LIFTCTL_CONFIG_DIR: tempConfigDir(),
      LIFTCTL_SERVER: s.baseUrl,
      LIFTCTL_TOKEN: token,
    });
    await waitFor(() => s.app.monitoring.hub.clients() > before, 15_000, 'the dashboard to connect');
    await admin.tokens.revoke(id);
    expect(await pty.exit).toBe(EXIT.auth);
    expect(pty.screen()).toContain('The live channel was closed: The access token in use was revoked.');
  });
});
