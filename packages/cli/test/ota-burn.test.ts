import { applyOta, approveOtaApplication, uploadOtaProgramFile } from '@liftcloud/client';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDemoFleet } from '../../server/src/seed/demo-fleet.js';
import { SimulatedGateway } from '../../simulator/src/index.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, startCli, tempConfigDir } from './helpers/cli.js';
import { waitFor } from './helpers/live-server.js';

/**
 * `liftctl ota burn --follow -o jsonl` against the real server and two simulated gateways taking the transfer
 * over the broker: one burns, one corrupts a chunk (its SHA-256 check fails). The json lines carry each change,
 * the exit code is 4 (some failed) and stderr names the failed DTU.
 */
describe('liftctl ota burn --follow', () => {
  let s: TestServer;
  let token = '';
  let programId = 0;
  const gateways: SimulatedGateway[] = [];
  let dtus: string[] = [];

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer({ app: { ota: { pollMs: 200, ackTimeoutMs: 2_000 } } });
    const admin = await s.login('admin');
    token = (await admin.tokens.create('ota-burn-tests')).token;
    const p = await admin.entities.otaProgram.save({
      programName: 'Drive controller',
      version: '5.0',
      count: 4,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    programId = p.id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(300_000))]), 'drive.bin');
    await admin.call(uploadOtaProgramFile, { params: { id: p.id }, body: form });
    const a = await admin.call(applyOta, { body: { programId, applyNumber: 4 } });
    await admin.call(approveOtaApplication, { params: { id: a.id }, body: {} });
    const fleet = await provisionDemoFleet(s.store.db, 2);
    dtus = fleet.map((m) => m.dtu);
    for (const [i, m] of fleet.entries()) {
      const g = new SimulatedGateway({
        mqttUrl: s.mqttUrl,
        ...m,
        floors: 10,
        faultChance: 0,
        trappedChance: 0,
        // slow enough that --follow (reading every second) sees the transfer under way
        ota: i === 1 ? { corruptAt: 0.5, slowAckMs: 300 } : { slowAckMs: 300 },
      });
      await g.connect();
      gateways.push(g);
    }
  });
  afterAll(async () => {
    for (const g of gateways) await g.close();
    await s?.close();
  });

  it('writes each change as a json line and exits 4 naming the gateway that failed', async () => {
    const result = await runCli(
      ['ota', 'burn', '--program', String(programId), '--dtu', ...dtus, '--follow', '-o', 'jsonl'],
      { env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token } },
    );
    expect(result.code, result.stderr).toBe(4);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { dtu: string; state: number; progress: number; error: string | null });
    const last = (dtu: string) => lines.filter((l) => l.dtu === dtu).at(-1);
    expect(last(dtus[0]!)).toMatchObject({ state: 2, progress: 100, error: null });
    // JSON keeps the failure's code; the table would say it in the reader's language
    expect(last(dtus[1]!)).toMatchObject({ state: 3, error: 'checksumMismatch' });
    // the transfer was followed on its way, not only at its end
    expect(lines.some((l) => l.state === 1 && l.progress > 0 && l.progress < 100)).toBe(true);
    expect(result.stderr).toContain(`1 of 2 gateway(s) failed: ${dtus[1]}`);
  }, 120_000);

  it('without -o, piped: a line per change in words (state, share, why it failed), the same exit code', async () => {
    const result = await runCli(['ota', 'burn', '--program', String(programId), '--dtu', ...dtus, '--follow'], {
      env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token },
    });
    expect(result.code, result.stderr).toBe(4);
    const lines = result.stdout.trim().split('\n');
    // not json: the burn's state and failure read as words, one line per change
    expect(() => JSON.parse(lines[0]!) as unknown).toThrow();
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${dtus[0]}\\s+Burned\\s+100\\b`)));
    expect(lines.filter((l) => l.startsWith(dtus[1]!)).at(-1)).toMatch(/Failed\s+\d+\s+Checksum mismatch \(SHA-256\)$/);
    expect(result.stderr).toContain(`1 of 2 gateway(s) failed: ${dtus[1]}`);
  }, 120_000);

  it('liftctl simulate --ota-corrupt-at makes its gateway corrupt a chunk: the burn fails on the checksum', async () => {
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token };
    const sim = startCli(
      ['simulate', '--count', '1', '--first-dtu', '86700000301', '--mqtt', s.mqttUrl, '--seconds', '60'].concat([
        '--ota-corrupt-at',
        '0.5',
      ]),
      env,
    );
    try {
      await waitFor(() => sim.out.stderr.includes('reporting to'), 30_000, 'the simulator').catch((e: Error) => {
        throw new Error(`${e.message}: ${sim.out.stderr}`);
      });
      const result = await runCli(
        ['ota', 'burn', '--program', String(programId), '--dtu', '86700000301', '--follow', '-o', 'jsonl'],
        { env },
      );
      expect(result.code, result.stderr).toBe(1);
      const last = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as {
        dtu: string;
        state: number;
        error: string;
      };
      expect(last).toMatchObject({ dtu: '86700000301', state: 3, error: 'checksumMismatch' });
      const bad = await runCli(['simulate', '--count', '1', '--ota-drop-at', '2'], { env });
      expect(bad.code).toBe(2);
    } finally {
      sim.child.kill('SIGINT');
      await sim.exited;
    }
  }, 120_000);
});
