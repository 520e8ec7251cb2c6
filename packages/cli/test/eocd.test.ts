import { packSamples, upTopic, type LiftCloudClient } from '@liftcloud/client';
import { SIM_SAMPLE_SCALE, simulateRide } from '@liftcloud/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../../../tests/support/gateway.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** `liftctl eocd` against a real server whose broker received a run from a gateway. */
describe('liftctl eocd', { timeout: 150_000 }, () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;
  let gw: TestGateway;
  let device: MqttClient;
  let sampleCount = 0;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('cli-eocd')).token;
    gw = await provisionGateway(s, admin, '86100000095', { ratedSpeed: 1.75 });
    device = await connectGateway(s.mqttUrl, gw);
    let seed = 5;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const ride = simulateRide({ fault: 'wornRail', distance: 20, random });
    sampleCount = ride.x.length;
    const body = {
      id: 'cli1',
      ts: Date.now(),
      rate: ride.rate,
      scale: SIM_SAMPLE_SCALE,
      samples: packSamples(ride, SIM_SAMPLE_SCALE),
    };
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), JSON.stringify(body));
  }, 180_000);
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  const run = (args: string[]) =>
    runCli(args, { env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token } });

  it('lists an elevator’s runs with their metrics, and one run with its raw samples in m/s²', async () => {
    const list = await run(['eocd', 'runs', '--elevator', String(gw.elevatorId), '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    const runs = JSON.parse(list.stdout) as { id: number; overLimit: boolean; isoHorizontalA95: number }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]!.overLimit).toBe(true);
    expect(runs[0]!.isoHorizontalA95).toBeGreaterThan(0);
    const table = await run(['eocd', 'runs', '--elevator', String(gw.elevatorId), '--over']);
    expect(table.stdout).toContain(gw.dtu);

    const one = await run(['eocd', 'run', String(runs[0]!.id), '-o', 'json', '--samples']);
    expect(one.code, one.stderr).toBe(0);
    const r = JSON.parse(one.stdout) as {
      id: number;
      isoHorizontalA95: number;
      samples: { sampleRate: number; x: number[]; y: number[]; z: number[] };
    };
    expect(r.isoHorizontalA95).toBe(runs[0]!.isoHorizontalA95);
    expect(r.samples.sampleRate).toBe(256);
    expect([r.samples.x.length, r.samples.y.length, r.samples.z.length]).toEqual([
      sampleCount,
      sampleCount,
      sampleCount,
    ]);
    // the car at rest reads gravity on z, about 9.81 m/s²
    expect(r.samples.z[0]).toBeGreaterThan(9);
    expect(r.samples.z[0]).toBeLessThan(10.6);
    const plain = JSON.parse((await run(['eocd', 'run', String(r.id), '-o', 'json'])).stdout) as object;
    expect(plain).not.toHaveProperty('samples');
    expect((await run(['eocd', 'run', String(r.id), '--samples'])).code).toBe(2);
    expect((await run(['eocd', 'run', '999999', '-o', 'json'])).code).toBe(1);
  });

  it('pushes settings: a command for the connected gateway, the reason for an elevator without one, exit 4', async () => {
    const bare = await admin.entities.elevator.save({
      name: 'No gateway',
      factoryNo: 'EOCD-CLI-2',
      elevatorType: 1,
      useStatus: 1,
    });
    const settings = await admin.entities.eocdSetting.save({
      name: 'CLI push',
      elevatorIds: [gw.elevatorId, bare.id],
      collectSeconds: 60,
      frequency: 256,
      type: 1,
    });
    const r = await run(['eocd', 'settings', 'push', String(settings.id), '-o', 'json']);
    expect(r.code, r.stderr).toBe(4);
    const results = JSON.parse(r.stdout) as { elevatorId: number; commandId: number | null; error: string | null }[];
    expect(results.find((x) => x.elevatorId === gw.elevatorId)).toMatchObject({ error: null });
    expect(results.find((x) => x.elevatorId === gw.elevatorId)!.commandId).toBeGreaterThan(0);
    expect(results.find((x) => x.elevatorId === bare.id)).toMatchObject({ commandId: null });
    expect(results.find((x) => x.elevatorId === bare.id)!.error).toBeTruthy();
    expect(r.stderr).toContain('1 of 2 elevator(s) were not sent the settings');
  });
});
