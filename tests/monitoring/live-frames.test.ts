import {
  applyOta,
  approveOtaApplication,
  startOtaBurn,
  uploadOtaProgramFile,
  LIVE_FRAME_DATA,
  LIVE_FRAME_TYPE,
  checkSchema,
  packSamples,
  parseLiveFrame,
  upTopic,
  type LiftCloudClient,
  type LiveFrame,
  type LiveFrameTypeName,
} from '@liftcloud/client';
import { SIM_SAMPLE_SCALE, simulateRide } from '@liftcloud/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** Every message the hub pushes to one console, as it arrived. */
async function listen(s: TestServer, client: LiftCloudClient) {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const messages: unknown[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  const frames = () => messages.map((m) => parseLiveFrame(m)).filter((f): f is LiveFrame => f !== null);
  return { messages, frames, close: () => ws.close() };
}

let n = 0;
const msg = (body: Record<string, unknown>) => JSON.stringify({ id: `lf${++n}`, ts: Date.now(), ...body });

describe.each(DIALECTS)('live frames a running server sends on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let device: MqttClient;
  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { gatewayTestWindowMs: 300 } });
    admin = await s.login('admin');
    // rated 1.75 m/s: the demo maintenance company's EOCD thresholds for that speed judge its runs
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000051' : '86100000052', { ratedSpeed: 1.75 });
    device = await connectGateway(s.mqttUrl, gw);
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  it('match their type’s payload schema, every type of them, captured over the live channel', async () => {
    const live = await listen(s, admin);
    const of = <K extends LiveFrameTypeName>(event: K) =>
      live.frames().filter((f): f is Extract<LiveFrame, { event: K }> => f.event === event);
    const about = { dtu: gw.dtu, elevatorId: gw.elevatorId, elevatorName: `Lift ${gw.dtu}` };

    await publishQos1(device, upTopic(gw.dtu, 'status'), msg({ floor: 12, direction: 1, door: 0, run: 1, flags: [7] }));
    await publishQos1(device, upTopic(gw.dtu, 'fault'), msg({ code: 'E35', floorCode: '07', floor: 7 }));
    await publishQos1(device, upTopic(gw.dtu, 'alarm'), msg({ type: 1, floor: 7 }));
    await expect.poll(() => of('workOrder').length).toBe(1);
    const opened = of('workOrder')[0]!.data;
    expect(opened).toMatchObject({ ...about, recordState: 0, type: 1 });

    // a person moves the order; then the elevator recovers by itself; then its gateway goes quiet
    await admin.workOrders.act(opened.id, 'receive');
    await publishQos1(device, upTopic(gw.dtu, 'alarm'), msg({ type: 1, floor: 7, cleared: true }));
    await expect.poll(() => of('workOrder').length).toBe(3);
    // a ride on a worn guide rail, over its EOCD thresholds: the hazard notice
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const ride = simulateRide({ fault: 'wornRail', distance: 30, random });
    await publishQos1(
      device,
      upTopic(gw.dtu, 'vibration'),
      msg({
        rate: ride.rate,
        scale: SIM_SAMPLE_SCALE,
        samples: packSamples(ride, SIM_SAMPLE_SCALE),
        startFloor: 1,
        endFloor: 10,
      }),
    );
    await expect.poll(() => of('hazard').length).toBe(1);
    await s.app.monitoring.sweep(Date.now() + 10 * 60_000);
    await admin.gatewayTests.create({ dtuCodes: [gw.dtu] });
    await expect.poll(() => of('gatewayTest').filter((f) => f.data.seq !== undefined).length).toBe(1);
    // an OTA application and one gateway's burn ending
    const program = await admin.entities.otaProgram.save({
      programName: 'Live frames',
      version: '1.0',
      count: 2,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('firmware'))]), 'fw.bin');
    await admin.call(uploadOtaProgramFile, { params: { id: program.id }, body: form });
    const application = await admin.call(applyOta, { body: { programId: program.id, applyNumber: 1 } });
    await admin.call(approveOtaApplication, { params: { id: application.id }, body: {} });
    const [burn] = await admin.call(startOtaBurn, { params: { id: program.id }, body: { dtus: [gw.dtu] } });
    const { OtaService } = await import('../../packages/server/src/services/ota.js');
    await new OtaService(s.store.db, s.app.monitoring.live).finish(burn!.id, true);
    await expect.poll(() => of('otaBurn').length).toBe(1);

    // nothing the hub sent was refused by the reader, and each payload matches its own schema
    expect(live.frames()).toHaveLength(live.messages.length);
    for (const frame of live.frames()) {
      expect(frame.type).toBe(LIVE_FRAME_TYPE[frame.event]);
      expect(checkSchema(LIVE_FRAME_DATA[frame.event], frame.data), frame.event).toEqual([]);
    }
    expect(new Set(live.frames().map((f) => f.event))).toEqual(new Set(Object.keys(LIVE_FRAME_TYPE)));

    expect(of('status')[0]!.data).toEqual({ ...about, floor: 12, direction: 1, door: 0, run: 1, flags: [7] });
    expect(of('fault')[0]!.data).toMatchObject({ ...about, code: 'E35', floor: 7 });
    expect(of('alarm')[0]!.data).toMatchObject({ ...about, type: 1, floor: 7 });
    const [, received, recovered] = of('workOrder').map((f) => f.data);
    expect(received).toMatchObject({ ...about, id: opened.id, recordState: 1, action: 'receive', by: 'admin' });
    expect(recovered).toMatchObject({ ...about, id: opened.id, recordState: 4 });
    expect(of('gateway')[0]!.data).toEqual({ dtu: gw.dtu, online: false, elevatorId: gw.elevatorId });
    expect(of('gatewayTest').find((f) => f.data.seq !== undefined)!.data).toMatchObject({ seq: 1, dtu: gw.dtu });
    expect(of('hazard')[0]!.data).toMatchObject({ ...about, code: expect.stringMatching(/^EOCD-/) });
    expect(of('ota')[0]!.data).toMatchObject({ id: application.id, action: 'apply', applyNumber: 1 });
    expect(of('otaBurn')[0]!.data).toMatchObject({ id: burn!.id, dtu: gw.dtu, state: 2, progress: 100 });
    live.close();
  });
});
