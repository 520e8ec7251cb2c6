import {
  base64ToBytes,
  getEocdRunSamples,
  packSamples,
  pushEocdSettings,
  upTopic,
  type LiftCloudClient,
} from '@liftcloud/client';
import { SIM_SAMPLE_SCALE, SimulatedGateway, simulateRide } from '@liftcloud/simulator';
import type { Kysely } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLES_DELTA_DEFLATE } from '../../packages/server/src/monitoring/eocd-samples.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const AT = Date.UTC(2026, 10, 20, 2, 3, 4);
const DAY = 86_400_000;
let n = 0;

/** A run as a gateway uploads it. */
const runMessage = (fault: 'none' | 'wornRail' | 'looseDoor', seed = 1) => {
  let x = seed;
  const random = () => ((x = (x * 16807) % 2147483647) - 1) / 2147483646;
  const ride = simulateRide({ fault, distance: 30, random });
  return {
    body: JSON.stringify({
      id: `v${++n}`,
      ts: AT,
      rate: ride.rate,
      scale: SIM_SAMPLE_SCALE,
      samples: packSamples(ride, SIM_SAMPLE_SCALE),
      startFloor: 1,
      endFloor: 10,
    }),
    count: ride.x.length,
  };
};

describe.each(DIALECTS)('EOCD runs, thresholds and settings through the broker on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let device: MqttClient;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    // rated 1.75 m/s, maintained by the demo maintenance company, whose demo thresholds apply
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000061' : '86100000062', { ratedSpeed: 1.75 });
    device = await connectGateway(s.mqttUrl, gw);
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  it('refuses a threshold value not above 0, naming the field, and asks before replacing a speed', async () => {
    const company = s.demo.companies.maintenanceNorth!;
    const limits = {
      companyId: company,
      speed: 1,
      isoHorizontalPeakToPeak: 0.3,
      isoVerticalPeakToPeak: 0.3,
      isoHorizontalA95: 0.2,
      isoVerticalA95: 0.2,
      lowPassHorizontal: 0.35,
      lowPassVertical: 0.5,
      lowPassHz: 10,
    };
    const zero = await failure(admin.entities.eocdThreshold.save({ ...limits, isoVerticalA95: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.fieldErrors.map((e) => e.field)).toEqual(['isoVerticalA95']);
    const first = await admin.entities.eocdThreshold.save(limits);
    const again = await failure(admin.entities.eocdThreshold.save({ ...limits, lowPassHz: 12 }));
    expect(again.status).toBe(409);
    expect(again.fieldErrors[0]).toMatchObject({ field: 'speed' });
    expect(again.message).toContain('1');
    expect((await admin.entities.eocdThreshold.get(first.id)).lowPassHz).toBe(10);
    const replaced = await admin.entities.eocdThreshold.save({ ...limits, lowPassHz: 12 }, { replace: true });
    expect(replaced.id).toBe(first.id);
    expect(replaced.lowPassHz).toBe(12);
    expect((await admin.entities.eocdThreshold.list({ companyId: company })).total).toBe(1);
    // another speed is a threshold of its own; moving it onto the first's speed is refused
    const other = await admin.entities.eocdThreshold.save({ ...limits, speed: 2 });
    expect((await failure(admin.entities.eocdThreshold.save({ id: other.id, speed: 1 }))).status).toBe(409);
    // another tenant sees none of them
    const coastal = await s.login('coastaladmin');
    expect((await coastal.entities.eocdThreshold.list()).total).toBe(0);
    expect((await failure(coastal.entities.eocdThreshold.get(first.id))).status).toBe(404);
  });

  it('stores a smooth run with its metrics under the thresholds, and raises no hazard', async () => {
    const run = runMessage('none');
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), run.body);
    const runs = await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId });
    expect(runs.total).toBe(1);
    const r = runs.records[0]!;
    expect(r).toMatchObject({
      dtuCode: gw.dtu,
      runTime: '2026-11-20 10:03:04',
      sampleRate: 256,
      sampleCount: run.count,
      startFloor: 1,
      endFloor: 10,
      overLimit: false,
      samplesKept: true,
      lowPassHz: 10,
    });
    expect(r.isoHorizontalPeakToPeak).toBeGreaterThan(0);
    expect(r.isoHorizontalPeakToPeak).toBeLessThan(0.1);
    expect(r.thresholdId).not.toBeNull();
    expect((await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId })).total).toBe(0);
    const samples = await admin.call(getEocdRunSamples, { params: { id: r.id } });
    expect(base64ToBytes(samples.samples)!.length).toBe(run.count * 6);
    expect(samples).toMatchObject({ sampleRate: 256, scale: SIM_SAMPLE_SCALE, lowPassHz: 10 });
  });

  it('stores the samples deflated and gives back exactly what the gateway sent; a damaged row answers, not crashes', async () => {
    const run = runMessage('none', 3);
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), run.body);
    const sent = base64ToBytes((JSON.parse(run.body) as { samples: string }).samples)!;
    const db = s.store.db as unknown as Kysely<LooseDB>;
    const stored = await db
      .selectFrom('eocdRuns as r')
      .innerJoin('eocdSamples as x', 'x.runId', 'r.id')
      .select(['r.id', 'x.data', 'x.encoding'])
      .where('r.dtuCode', '=', gw.dtu)
      .where('r.msgId', '=', String((JSON.parse(run.body) as { id: string }).id))
      .executeTakeFirstOrThrow();
    const id = Number(stored.id);
    expect(Number(stored.encoding)).toBe(SAMPLES_DELTA_DEFLATE);
    expect((stored.data as Uint8Array).length).toBeLessThan(sent.length / 2);
    const back = await admin.call(getEocdRunSamples, { params: { id } });
    expect(base64ToBytes(back.samples)).toEqual(sent);
    // a row written before the encoding (packed bytes as sent) reads the same
    await db
      .updateTable('eocdSamples')
      .set({ data: Buffer.from(sent), encoding: 0 })
      .where('runId', '=', id)
      .execute();
    expect(base64ToBytes((await admin.call(getEocdRunSamples, { params: { id } })).samples)).toEqual(sent);
    // damaged in the store: a clear error naming the run, and the server goes on answering
    await db
      .updateTable('eocdSamples')
      .set({ data: Buffer.from('not deflate data at all'), encoding: SAMPLES_DELTA_DEFLATE })
      .where('runId', '=', id)
      .execute();
    const damaged = await failure(admin.call(getEocdRunSamples, { params: { id } }));
    expect(damaged.status).toBe(500);
    expect(damaged.key).toBe('eocd.samplesCorrupt');
    expect(damaged.message).toContain(String(id));
    expect((await admin.entities.eocdRun.get(id)).sampleCount).toBe(run.count);
    await db.deleteFrom('eocdSamples').where('runId', '=', id).execute();
    await db.deleteFrom('eocdRuns').where('id', '=', id).execute();
  });

  it('a worn guide rail crosses the ISO horizontal thresholds: a hazard names metric, value and limit, once', async () => {
    const run = runMessage('wornRail', 7);
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), run.body);
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), run.body); // redelivered: stored once
    const over = await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId, overLimit: true });
    expect(over.total).toBe(1);
    const r = over.records[0]!;
    expect(r.isoHorizontalPeakToPeak).toBeGreaterThan(0.3);
    const hazards = await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId });
    expect(hazards.total).toBe(1);
    const h = hazards.records[0]!;
    expect(h.code).toBe('EOCD-ISO-H-PP');
    expect(h.description).toContain(
      `ISO horizontal peak-to-peak ${Number(r.isoHorizontalPeakToPeak).toFixed(3)} m/s² over the limit 0.300 m/s²`,
    );
    expect(h.description).toContain(`EOCD run ${r.id}`);
  });

  it('drops samples that are not whole three-axis instants as malformed', async () => {
    const before = s.app.monitoring.ingest.stats.malformed;
    const body = JSON.stringify({ id: `v${++n}`, ts: AT, rate: 256, scale: 0.001, samples: 'AAAAAAAA' }); // 6 bytes: 1 instant
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), body);
    const odd = JSON.stringify({ id: `v${++n}`, ts: AT, rate: 256, scale: 0.001, samples: 'AAAAAAAAAAAA' }); // 9 bytes
    await publishQos1(device, upTopic(gw.dtu, 'vibration'), odd);
    expect(s.app.monitoring.ingest.stats.malformed).toBe(before + 2);
    expect((await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId })).total).toBe(2);
  });

  it('keeps raw samples for a bounded time: the sweep deletes them and keeps the metrics', async () => {
    const [r] = (await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId, overLimit: false })).records;
    await s.app.jobs.runNow('eocd-samples-sweep', Date.now() + 29 * DAY);
    expect((await admin.call(getEocdRunSamples, { params: { id: r!.id } })).runId).toBe(r!.id);
    await s.app.jobs.runNow('eocd-samples-sweep', Date.now() + 31 * DAY);
    const gone = await failure(admin.call(getEocdRunSamples, { params: { id: r!.id } }));
    expect(gone.status).toBe(404);
    expect(gone.key).toBe('eocd.samplesGone');
    const after = await admin.entities.eocdRun.get(r!.id);
    expect(after.samplesKept).toBe(false);
    expect(after.isoHorizontalPeakToPeak).toBe(r!.isoHorizontalPeakToPeak);
  });

  it('pushes collection settings to the simulated gateway and records its answer', async () => {
    device.end(true);
    const sim = new SimulatedGateway({
      mqttUrl: s.mqttUrl,
      dtu: gw.dtu,
      secret: gw.secret,
      floors: 10,
      faultChance: 0,
      trappedChance: 0,
    });
    await sim.connect();
    try {
      await sim.publish('heartbeat', {}); // online
      const setting = await admin.entities.eocdSetting.save({
        name: 'Tower A',
        elevatorIds: [gw.elevatorId],
        collectSeconds: 60,
        frequency: 512,
        type: 1,
        autoAcquisition: true,
        autoCycleMinutes: 30,
        safetyHazard: true,
      });
      const [result] = await admin.call(pushEocdSettings, { params: { id: setting.id } });
      expect(result).toMatchObject({ elevatorId: gw.elevatorId, dtuCode: gw.dtu, error: null });
      const command = await vi.waitFor(
        async () => {
          const c = await admin.entities.commandRecord.get(result!.commandId!);
          if (c.state === 0) throw new Error('still executing');
          return c;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(command).toMatchObject({ action: 'writeParams', state: 1 });
      expect(JSON.parse(String(command.reply))).toMatchObject({ 'eocd.frequency': '512', 'eocd.autoAcquisition': '1' });
      expect(sim.params['eocd.collectSeconds']).toBe('60');
      // the gateway now samples at the pushed rate
      await sim.vibrationRun({ distance: 30 });
      const newest = (await admin.entities.eocdRun.list({ elevatorId: gw.elevatorId })).records[0]!;
      expect(newest.sampleRate).toBe(512);

      // another tenant can neither push it nor read the runs
      const coastal = await s.login('coastaladmin');
      expect((await failure(coastal.call(pushEocdSettings, { params: { id: setting.id } }))).status).toBe(404);
      expect((await failure(coastal.call(getEocdRunSamples, { params: { id: newest.id } }))).status).toBe(404);
      expect((await coastal.entities.eocdRun.list()).total).toBe(0);
    } finally {
      await sim.close();
    }
  });
});
