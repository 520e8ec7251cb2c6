import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiftCloudClient } from '@liftcloud/client';
import { SimulatedGateway } from '@liftcloud/simulator';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionGateway, type TestGateway } from '../../../tests/support/gateway.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * A simulated gateway forwards its lift's meter through the real broker, and `liftctl report electricity-meter(s)`
 * writes what the server computes, as a cron job runs it (no terminal).
 */
describe('simulated meter readings and liftctl report electricity-meter(s)', { timeout: 150_000 }, () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;
  let gw: TestGateway;
  let sim: SimulatedGateway;
  const out = mkdtempSync(join(tmpdir(), 'liftctl-electricity-'));

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('cli-electricity')).token;
    gw = await provisionGateway(s, admin, '86173000001', { name: 'Meter lift', floors: 20 });
    await admin.entities.meterGateway.save({ code: 'EM-CLI-1', name: 'Cron meter', elevatorId: gw.elevatorId });
    sim = new SimulatedGateway({
      mqttUrl: s.mqttUrl,
      dtu: gw.dtu,
      secret: gw.secret,
      floors: 20,
      faultChance: 0,
      trappedChance: 0,
      callChance: 0,
      hazardChance: 0,
      meter: { gwSn: 'EM-CLI-1', dbNo: '01', startKwh: 500, everyTicks: 30 },
    });
    await sim.connect();
    // two simulated minutes: a reading every 30 ticks (each publish waits for its PUBACK: stored)
    for (let i = 0; i < 120; i++) await sim.step();
  }, 180_000);
  afterAll(async () => {
    await sim?.close();
    await s?.close();
  });

  const run = (args: string[]) =>
    runCli(args, { env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token } });

  it('the simulator’s register climbs faster than standby alone while the lift runs', async () => {
    const rows = await (s.store.db as unknown as Loose)
      .selectFrom('meterReadings')
      .select(['kwh', 'readTime'])
      .where('dtuCode', '=', gw.dtu)
      .orderBy('readTime')
      .execute();
    expect(rows).toHaveLength(4);
    const kwh = rows.map((r) => Number(r.kwh));
    for (let i = 1; i < kwh.length; i++) expect(kwh[i]!).toBeGreaterThan(kwh[i - 1]!);
    // 120 s of standby (0.35 kW) is about 0.0117 kWh; the car moved most of those seconds (7.5 kW)
    expect(kwh[3]! - 500).toBeGreaterThan(((120 * 0.35) / 3600) * 3);
  });

  it('writes the single meter report as a PDF and CSV, and several meters as JSON', async () => {
    const file = join(out, 'meter.pdf');
    const r = await run([
      'report',
      'electricity-meter',
      '--elevator',
      String(gw.elevatorId),
      '--meter',
      'EM-CLI-1',
      '-o',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Elevator electricity report');
    expect(text).toContain('Meter lift');
    expect(text).toContain('EM-CLI-1');
    expect(text).toMatch(/Readings\s+4/);
    const csv = (
      await run([
        'report',
        'electricity-meter',
        '--elevator',
        String(gw.elevatorId),
        '--meter',
        'EM-CLI-1',
        '-o',
        'csv',
      ])
    ).stdout.split('\r\n');
    expect(csv[0]).toBe('elevatorId,Elevator,Use unit,Meter gateway,Day,Consumption (kWh)');
    expect(csv.some((line) => line.startsWith(`${gw.elevatorId},Meter lift,,EM-CLI-1,`) && !line.endsWith(',0'))).toBe(
      true,
    );
    const json = JSON.parse(
      (await run(['report', 'electricity-meters', '--meter', 'EM-CLI-1,EM-NONE', '--name', 'Cron kWh', '-o', 'json']))
        .stdout,
    ) as {
      name: string;
      rows: { gwSn: string; readings: number; total: number }[];
    };
    expect(json.name).toBe('Cron kWh');
    expect(json.rows.map((row) => [row.gwSn, row.readings])).toEqual([['EM-CLI-1', 4]]);
    expect(json.rows[0]!.total).toBeGreaterThan(0);
  });

  it('exit codes: 2 without a meter or with two elevators, not 0 for a lift out of scope (nothing written)', async () => {
    expect((await run(['report', 'electricity-meter', '--elevator', String(gw.elevatorId), '-o', 'json'])).code).toBe(
      2,
    );
    expect(
      (await run(['report', 'electricity-meter', '--elevator', `${gw.elevatorId},2`, '--meter', 'X', '-o', 'json']))
        .code,
    ).toBe(2);
    expect((await run(['report', 'electricity-meters', '-o', 'json'])).code).toBe(2);
    const missing = join(out, 'missing.pdf');
    const r = await run(['report', 'electricity-meter', '--elevator', '999999', '--meter', 'EM-CLI-1', '-o', missing]);
    expect(r.code).toBe(1);
    expect(existsSync(missing)).toBe(false);
  });
});
