import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, startCli, tempConfigDir } from './helpers/cli.js';
import { provision, waitFor } from './helpers/live-server.js';

/** `liftctl simulate` against the test server's broker feeds `liftctl gateway test` run beside it. */
describe('simulate and gateway test against the real server', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('gw-test')).token;
  });
  afterAll(async () => s?.close());

  const env = () => ({ LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token });

  it(
    'a reporting gateway passes, a silent and an unknown one fail: JSON summary, exit 4',
    { timeout: 90_000 },
    async () => {
      const silent = await provision(s, admin, '86100000051');
      const sim = startCli(
        [
          'simulate',
          '--count',
          '2',
          '--first-dtu',
          '86700000001',
          '--mqtt',
          s.mqttUrl,
          '--seconds',
          '30',
          '-o',
          'json',
        ],
        env(),
      );
      try {
        await waitFor(() => sim.out.stderr.includes('reporting to'), 20_000, 'the simulator').catch((e: Error) => {
          throw new Error(`${e.message}: ${sim.out.stderr}`);
        });
        const result = await runCli(
          [
            'gateway',
            'test',
            '86700000001',
            silent.dtu,
            '86799999999',
            '86700000002',
            '--minutes-each',
            '0.03',
            '--pass',
            '1',
            '-o',
            'json',
          ],
          { env: env() },
        );
        expect(result.code, result.stderr).toBe(4);
        const summary = JSON.parse(result.stdout) as {
          total: number;
          passed: number;
          results: { dtu: string; state: string; messages: number; note: string | null }[];
        };
        expect(summary).toMatchObject({ total: 4, passed: 2 });
        const by = Object.fromEntries(summary.results.map((r) => [r.dtu, r]));
        expect(by['86700000001']).toMatchObject({ state: 'passed' });
        expect(by['86700000001']!.messages).toBeGreaterThan(0);
        expect(by['86700000002']).toMatchObject({ state: 'passed' });
        expect(by[silent.dtu]).toMatchObject({ state: 'failed', messages: 0, note: null });
        expect(by['86799999999']).toMatchObject({ state: 'failed', note: 'not registered' });

        const all = await runCli(['gateway', 'test', '86700000001', '--minutes-each', '0.02'], { env: env() });
        expect(all.code, all.stderr).toBe(0);
        expect(all.stdout).toMatch(/86700000001 {2}passed {2}\d+ messages/);
      } finally {
        sim.child.kill('SIGINT');
        await sim.exited;
      }
      // The simulator provisioned through the API: elevators bound to the gateways.
      const gws = await admin.entities.gatewayDevice.list({ dtuCode: '86700000001' });
      expect(gws.records[0]?.elevatorId).toBeTruthy();
      expect(JSON.parse(sim.out.stdout)).toMatchObject({ gateways: 2 });
    },
  );

  it('validates every DTU with the client rules before anything runs (exit 2)', async () => {
    const many = Array.from({ length: 21 }, (_, i) => String(86800000001 + i));
    const tooMany = await runCli(['gateway', 'test', ...many, '--minutes-each', '0.01'], { env: env() });
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('at most 20 DTUs in one test');
    const bad = await runCli(['gateway', 'test', '123', '86800000001', '86800000001', '--pass', '0'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('DTU 123: the DTU number must be 11 digits');
    expect(bad.stderr).toContain('the same entry cannot be chosen twice');
    expect(bad.stdout).toBe('');
    const long = await runCli(['gateway', 'test', '86800000001', '86800000002', '--max-hours', '0.1'], {
      env: env(),
    });
    expect(long.code).toBe(2);
  });
});
