import type { LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { join } from 'node:path';
import { CredentialsFile } from '../src/config/credentials.js';
import { ensureBuilt, runCli, startCli, tempConfigDir } from './helpers/cli.js';
import { tcpProxy } from './helpers/tcp-proxy.js';
import { connectGateway, provision, publish, waitFor, type Gateway } from './helpers/live-server.js';

describe('live commands against the real server and its broker', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let accessToken: string;
  let gw: Gateway;
  let device: MqttClient;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    accessToken = (await admin.tokens.create('cli-live')).token;
    gw = await provision(s, admin, '86100000031');
    device = await connectGateway(s.mqttUrl, gw);
  });
  afterAll(async () => {
    await device?.endAsync();
    await s?.close();
  });

  const env = () => ({ LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: accessToken });

  it('alarms tail -o jsonl prints a published alarm as one JSON line, filtered by type', async () => {
    const tail = startCli(['alarms', 'tail', '-o', 'jsonl', '--type', 'alarm', '--max', '1'], env());
    // The socket is open once the server counts the subscriber.
    await waitFor(() => s.app.monitoring.hub.clients() > 0, 10_000, 'the tail to connect');
    await publish(device, gw.dtu, 'status', { floor: 2, direction: 0, door: 0, run: 0, flags: [] });
    await publish(device, gw.dtu, 'alarm', { type: 1, floor: 7 });
    expect(await tail.exited).toBe(0);
    const lines = tail.out.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      type: 1,
      event: 'alarm',
      data: { dtu: gw.dtu, elevatorId: gw.elevatorId, type: 1, floor: 7 },
    });
    expect(tail.out.stderr).toBe('');
  });

  it('alarms tail without a terminal prints readable lines; with --max-retries a server gone ends it, exit 1', async () => {
    const other = await startTestServer();
    const a = await other.login('admin');
    const token = (await a.tokens.create('gone')).token;
    const tail = startCli(['alarms', 'tail', '--max-retries', '3'], {
      LIFTCTL_CONFIG_DIR: tempConfigDir(),
      LIFTCTL_SERVER: other.baseUrl,
      LIFTCTL_TOKEN: token,
      LIFTCTL_RECONNECT_DELAY_MS: '100',
    });
    await waitFor(() => other.app.monitoring.hub.clients() > 0, 10_000, 'the tail to connect');
    const g = await provision(other, a, '86100000032');
    const d = await connectGateway(other.mqttUrl, g);
    await publish(d, g.dtu, 'alarm', { type: 2, floor: 3 });
    await waitFor(() => tail.out.stdout.includes('ALARM'), 10_000, 'the alarm line');
    expect(tail.out.stdout).toMatch(/ALARM\s+Lift 86100000032 #\d+ DTU 86100000032 {2}alarm bell, floor 3/);
    await d.endAsync();
    await other.close();
    expect(await tail.exited).toBe(1);
    expect(tail.out.stderr).toContain('reconnecting in 0.1 s (attempt 1 of 3)');
    expect(tail.out.stderr).toContain('(attempt 3 of 3)');
    expect(tail.out.stderr).toContain('Could not reconnect to the live channel after 3 attempts');
  });

  it(
    'alarms tail outlives a server down at start and a restart (backoff, no limit, said on stderr); a refused login ends it (exit 3)',
    { timeout: 60_000 },
    async () => {
      const proxy = await tcpProxy(Number(new URL(s.baseUrl).port));
      const user = await s.login('admin');
      const session = user.session.get();
      if (!session) throw new Error('no session');
      const dir = tempConfigDir();
      new CredentialsFile(join(dir, 'credentials.json')).put('default', { server: proxy.url, session, orgId: null });
      await proxy.stop(); // down at start
      const tail = startCli(['alarms', 'tail', '--type', 'alarm'], {
        LIFTCTL_CONFIG_DIR: dir,
        LIFTCTL_SERVER: proxy.url,
        LIFTCTL_RECONNECT_DELAY_MS: '20',
      });
      const attempts = () => tail.out.stderr.match(/\(attempt \d+; Ctrl-C stops\)/g)?.length ?? 0;
      try {
        await waitFor(() => attempts() >= 5, 20_000, 'attempts past the console’s three');
        expect(tail.out.stderr).toContain('does not answer');
        expect(tail.out.stderr).toContain('reconnecting in 0.02 s (attempt 1; Ctrl-C stops)');
        expect(tail.out.stderr).toContain('reconnecting in 0.04 s (attempt 2; Ctrl-C stops)');
        expect(tail.out.stderr).toContain('reconnecting in 0.08 s (attempt 3; Ctrl-C stops)');
        expect(tail.out.code).toBeNull();

        const before = s.app.monitoring.hub.clients();
        await proxy.start();
        await waitFor(() => s.app.monitoring.hub.clients() > before, 20_000, 'the tail to connect');
        await publish(device, gw.dtu, 'status', { floor: 2, direction: 0, door: 0, run: 0, flags: [] });
        await publish(device, gw.dtu, 'alarm', { type: 1, floor: 5 });
        await waitFor(() => tail.out.stdout.includes('ALARM'), 10_000, 'the alarm line');

        // a restart: the connection drops, the tail keeps trying past three attempts, then is back
        const seen = attempts();
        await proxy.stop();
        await waitFor(() => attempts() >= seen + 5, 20_000, 'attempts after the drop');
        await proxy.start();
        await waitFor(() => tail.out.stderr.includes('Live channel reconnected'), 20_000, 'the reconnect');
        expect(tail.out.code).toBeNull();

        // the session is revoked while the server is away: the next attempt is refused, exit 3
        await proxy.stop();
        await user.auth.logout();
        await proxy.start();
        expect(await tail.exited).toBe(3);
        expect(tail.out.stderr).toContain('refused the login');
      } finally {
        tail.child.kill('SIGKILL');
        await proxy.stop();
      }
    },
  );

  it('alarms tail by default prints alarms, faults and work orders, not status frames; states by their label', async () => {
    const g = await provision(s, admin, '86100000034');
    const d = await connectGateway(s.mqttUrl, g);
    const before = s.app.monitoring.hub.clients();
    const tail = startCli(['alarms', 'tail'], env());
    const statusTail = startCli(['alarms', 'tail', '--type', 'status', '--max', '1'], env());
    try {
      await waitFor(() => s.app.monitoring.hub.clients() >= before + 2, 10_000, 'both tails to connect');
      await publish(d, g.dtu, 'status', { floor: 2, direction: 1, door: 0, run: 1, flags: [] });
      await publish(d, g.dtu, 'fault', { code: 'E12', floorCode: 'MC2', floor: 2 });
      await publish(d, g.dtu, 'alarm', { type: 1, floor: 6 });
      await waitFor(() => /WORKORDER/.test(tail.out.stdout), 10_000, 'the work-order line');
      await waitFor(() => /ALARM/.test(tail.out.stdout) && /FAULT/.test(tail.out.stdout), 10_000, 'alarm and fault');
      expect(tail.out.stdout).not.toContain('STATUS');
      expect(tail.out.stdout).toMatch(/WORKORDER .*→ Alarm reported \(report\)/);
      expect(tail.out.stdout).not.toMatch(/→ state \d/);
      // --type status asks for them
      expect(await statusTail.exited).toBe(0);
      expect(statusTail.out.stdout).toMatch(/STATUS\s+Lift 86100000034/);
    } finally {
      tail.child.kill('SIGINT');
      statusTail.child.kill('SIGINT');
      await d.endAsync();
    }
  });

  it(
    'work-orders takes an order from 0 to 6, with the server’s 409s and a required cancel reason',
    { timeout: 90_000 },
    async () => {
      const e = env();
      const run = (args: string[]) => runCli(args, { env: e });
      const g = await provision(s, admin, '86100000033');
      const d = await connectGateway(s.mqttUrl, g);
      await publish(d, g.dtu, 'alarm', { type: 1, floor: 4 });
      await d.endAsync();
      const list = await run(['work-orders', 'list', '--elevator-id', String(g.elevatorId), '-o', 'json']);
      expect(list.code, list.stderr).toBe(0);
      const [order] = JSON.parse(list.stdout) as { id: number; recordState: number }[];
      expect(order).toMatchObject({ recordState: 0 });
      const id = String(order!.id);

      const noReason = await run(['work-orders', 'cancel', id]);
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toContain('cancel needs a reason');

      expect((await run(['work-orders', 'receive', id])).stderr).toContain('now Received');
      expect((await run(['work-orders', 'pause', id])).code).toBe(0);
      const paused = await run(['work-orders', 'arrive', id]);
      expect(paused.code).toBe(1);
      expect(paused.stderr).toContain('A paused or stopped work order cannot be operated');
      expect((await run(['work-orders', 'resume', id])).code).toBe(0);
      expect((await run(['work-orders', 'arrive', id])).stderr).toContain('now On site');
      const early = await run(['work-orders', 'confirm', id]);
      expect(early.code).toBe(1);
      expect(early.stderr).toContain('it cannot be confirmed now');
      const finish = await run(['work-orders', 'finish', id, '--handling', 'reset', '--fault-reason', 'door sensor']);
      expect(finish.stderr).toContain('now Completed');
      const people = await run(['work-orders', 'people', 'add', id, '--user', '2', '--role', 'repair']);
      expect(people.code, people.stderr).toBe(0);
      const confirm = await run(['work-orders', 'confirm', id, '-o', 'json']);
      expect(JSON.parse(confirm.stdout)).toMatchObject({
        recordState: 6,
        handling: 'reset',
        faultReason: 'door sensor',
      });

      const detail = await run(['work-orders', 'get', id, '-o', 'json']);
      const parsed = JSON.parse(detail.stdout) as { allowedActions: string[]; timeline: { action: string }[] };
      expect(parsed.allowedActions).toEqual([]);
      expect(parsed.timeline.map((t) => t.action)).toEqual(['report', 'receive', 'arrive', 'finish', 'confirm']);
      const shown = await run(['work-orders', 'get', id]);
      expect(shown.stdout).toContain('Allowed now: none');
      expect(shown.stdout).toMatch(/finish\s+On site → Completed\s+admin\s+reset/);
    },
  );
});
