import { dayText, utcDay } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';
import { connectGateway, provision, publish } from './helpers/live-server.js';

describe('liftctl gateway push-stats against the real server', () => {
  let s: TestServer;
  let env: Record<string, string>;
  const DTU = '86100000071';

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    const admin = await s.login('admin');
    env = {
      LIFTCTL_CONFIG_DIR: tempConfigDir(),
      LIFTCTL_SERVER: s.baseUrl,
      LIFTCTL_TOKEN: (await admin.tokens.create('cli-push-stats')).token,
    };
    const gw = await provision(s, admin, DTU);
    const device = await connectGateway(s.mqttUrl, gw);
    await publish(device, DTU, 'status', { floor: 1, direction: 0, door: 0, run: 0, flags: [] });
    await publish(device, DTU, 'status', { floor: 2, direction: 1, door: 0, run: 1, flags: [] });
    await publish(device, DTU, 'heartbeat', {});
    await device.endAsync();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('prints the days newest first with a summary, and JSON with --json', async () => {
    const table = await runCli(['gateway', 'push-stats', DTU, '--days', '3'], { env });
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^DAY \(UTC\)\s+STATUS\s+FAULT\s+ALARM\s+EVENT\s+HEARTBEAT\s+REPLY\s+VIBRATION\s+METER\s+DROPPED\s+ACCEPTED$/,
    );
    expect(lines[1]).toMatch(new RegExp(`^${dayText(utcDay())}\\s+2\\s+0\\s+0\\s+0\\s+1\\s+0\\s+0\\s+0\\s+0\\s+3$`));
    expect(lines).toHaveLength(1 + 3 + 2);
    expect(lines.at(-1)).toContain(`${DTU}: 3 accepted, 0 dropped`);

    const json = await runCli(['gateway', 'push-stats', DTU, '--json'], { env });
    expect(json.code).toBe(0);
    const stats = JSON.parse(json.stdout) as { days: unknown[]; totals: Record<string, number> };
    expect(stats.days).toHaveLength(7);
    expect(stats.totals).toMatchObject({ status: 2, heartbeat: 1, total: 3, dropped: 0 });
  });

  it('refuses bad input with exit 2 and an unknown DTU with exit 1', async () => {
    const days = await runCli(['gateway', 'push-stats', DTU, '--days', '40'], { env });
    expect(days.code).toBe(2);
    expect(days.stderr).toContain('--days: a whole number from 1 to 32, not 40');
    const dtu = await runCli(['gateway', 'push-stats', '123'], { env });
    expect(dtu.code).toBe(2);
    const unknown = await runCli(['gateway', 'push-stats', '86199999999'], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No gateway with DTU number 86199999999');
  });
});
