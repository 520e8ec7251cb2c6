import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, startCli, tempConfigDir } from './helpers/cli.js';
import { provision, waitFor } from './helpers/live-server.js';

/** `liftctl simulate` against the test server's broker feeds a server-side gateway test `liftctl gateway test` follows. */
describe('simulate and gateway test against the real server', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer({ app: { gatewayTestWindowMs: 2_000 } });
    admin = await s.login('admin');
    token = (await admin.tokens.create('gw-test')).token;
  });
  afterAll(async () => s?.close());

  const env = () => ({ LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token });

  it(
    'a reporting gateway passes and a silent one fails, on a test the server keeps: JSON summary, exit 4',
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
          '40',
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
          ['gateway', 'test', '86700000001', silent.dtu, '86700000002', '--pass', '1', '-o', 'json'],
          { env: env() },
        );
        expect(result.code, result.stderr).toBe(4);
        const summary = JSON.parse(result.stdout) as {
          id: number;
          total: number;
          passed: number;
          results: { dtu: string; state: string; messages: number; note: string | null }[];
        };
        expect(summary).toMatchObject({ total: 3, passed: 2, windowMs: 2_000 });
        const by = Object.fromEntries(summary.results.map((r) => [r.dtu, r]));
        expect(by['86700000001']).toMatchObject({ state: 'passed', note: null });
        expect(by['86700000001']!.messages).toBeGreaterThan(0);
        expect(by['86700000002']).toMatchObject({ state: 'passed' });
        expect(by[silent.dtu]).toMatchObject({ state: 'failed', messages: 0, note: 'No message in its window' });
        // The server kept the test and its results: the console shows the same.
        const kept = await admin.gatewayTests.detail(summary.id);
        expect(kept).toMatchObject({ state: 2, passedCount: 2, failedCount: 1, createdBy: 'admin' });

        const all = await runCli(['gateway', 'test', '86700000001'], { env: env() });
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

  it("refuses a DTU that is not one of the caller's gateways (exit 2); --no-wait returns the new test, test-cancel ends it", async () => {
    const unknown = await runCli(['gateway', 'test', '86799999999'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('DTU number 86799999999: no gateway with this DTU number');
    // Five silent gateways: ten seconds of windows, time enough to cancel from another process.
    const silent = Array.from({ length: 5 }, (_, i) => String(86100000060 + i));
    for (const dtuCode of silent) await admin.entities.gatewayDevice.save({ dtuCode });
    const detached = await runCli(['gateway', 'test', ...silent, '--no-wait', '-o', 'json'], { env: env() });
    expect(detached.code, detached.stderr).toBe(0);
    const created = JSON.parse(detached.stdout) as { id: number; dtuCodes: string[] };
    expect(created.dtuCodes).toEqual(silent);
    expect((await admin.entities.gatewayTest.get(created.id)).createdBy).toBe('admin');
    const cancel = await runCli(['gateway', 'test-cancel', String(created.id)], { env: env() });
    expect(cancel.code, cancel.stderr).toBe(0);
    expect((await admin.entities.gatewayTest.get(created.id)).state).toBe(3);
    const again = await runCli(['gateway', 'test-cancel', String(created.id)], { env: env() });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This gateway test has already ended');
  });

  it('validates every DTU with the client rules before anything runs (exit 2)', async () => {
    const many = Array.from({ length: 21 }, (_, i) => String(86800000001 + i));
    const tooMany = await runCli(['gateway', 'test', ...many], { env: env() });
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

  it(
    'counts show while a window runs; --no-wait prints the bare id, test-watch follows it, gateway-test get lists each DTU',
    { timeout: 90_000 },
    async () => {
      const silent = await provision(s, admin, '86100000071');
      const sim = startCli(
        ['simulate', '--count', '1', '--first-dtu', '86700000011', '--mqtt', s.mqttUrl, '--seconds', '40'],
        env(),
      );
      try {
        await waitFor(() => sim.out.stderr.includes('reporting to'), 20_000, 'the simulator');
        const detached = await runCli(['gateway', 'test', '86700000011', silent.dtu, '--pass', '1', '--no-wait'], {
          env: env(),
        });
        expect(detached.code, detached.stderr).toBe(0);
        // only the id, for id=$(liftctl gateway test … --no-wait)
        expect(detached.stdout).toMatch(/^\d+\n$/);
        const id = Number(detached.stdout.trim());
        // the reporting gateway's messages are seen before its window ends (the runner writes them as they come)
        await vi.waitFor(
          async () => {
            const first = (await admin.gatewayTests.detail(id)).results[0]!;
            if (!(first.passed === null && first.windowStart !== null && first.messages > 0))
              throw new Error(`no live messages in a running window: ${JSON.stringify(first)}`);
          },
          { timeout: 20_000, interval: 100 },
        );
        const watched = await runCli(['gateway', 'test-watch', String(id), '-o', 'json'], { env: env() });
        expect(watched.code, watched.stderr).toBe(4);
        const summary = JSON.parse(watched.stdout) as {
          id: number;
          passed: number;
          results: { dtu: string; state: string }[];
        };
        expect(summary).toMatchObject({ id, passed: 1 });
        expect(summary.results.map((r) => [r.dtu, r.state])).toEqual([
          ['86700000011', 'passed'],
          [silent.dtu, 'failed'],
        ]);

        const got = await runCli(['gateway-test', 'get', String(id)], { env: env() });
        expect(got.code, got.stderr).toBe(0);
        expect(got.stdout).toMatch(/DTU +RESULT +MESSAGES +STATUS +FAULTS +ALARMS/);
        expect(got.stdout).toMatch(/86700000011 +passed +[1-9]\d*/);
        expect(got.stdout).toMatch(new RegExp(`${silent.dtu} +failed +0 +0 +0 +0 .*No message in its window`));
        const json = JSON.parse(
          (await runCli(['gateway-test', 'get', String(id), '-o', 'json'], { env: env() })).stdout,
        ) as {
          results: { dtuCode: string; passed: boolean }[];
        };
        expect(json.results.map((r) => [r.dtuCode, r.passed])).toEqual([
          ['86700000011', true],
          [silent.dtu, false],
        ]);
        const missing = await runCli(['gateway', 'test-watch', '999999'], { env: env() });
        expect(missing.code).toBe(1);
      } finally {
        sim.child.kill('SIGINT');
        await sim.exited;
      }
    },
  );

  it(
    'Ctrl-C while following leaves the test running and says how to follow or cancel it (exit 130)',
    { timeout: 60_000 },
    async () => {
      const silent = Array.from({ length: 3 }, (_, i) => String(86100000080 + i));
      for (const dtuCode of silent) await admin.entities.gatewayDevice.save({ dtuCode });
      const before = Math.max(
        0,
        ...(await admin.entities.gatewayTest.list({ pageSize: 200 })).records.map((r) => r.id),
      );
      const follow = startCli(['gateway', 'test', ...silent], env());
      let id = 0;
      await vi.waitFor(
        async () => {
          const ids = (await admin.entities.gatewayTest.list({ pageSize: 200 })).records.map((r) => r.id);
          id = Math.max(0, ...ids.filter((x) => x > before));
          if (id === 0) throw new Error('the test is not created yet');
        },
        { timeout: 20_000, interval: 100 },
      );
      follow.child.kill('SIGINT');
      const code = await follow.exited;
      expect(code).toBe(130);
      expect(follow.out.stderr).toContain(
        `Gateway test ${id} goes on on the server: liftctl gateway test-watch ${id} follows it again, liftctl gateway test-cancel ${id} stops it`,
      );
      expect([1, 2]).toContain((await admin.entities.gatewayTest.get(id)).state);
      const cancel = await runCli(['gateway', 'test-cancel', String(id)], { env: env() });
      expect(cancel.code, cancel.stderr).toBe(0);
    },
  );
});
