import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

/**
 * Fields domain.md names that the code lacked (issue 20): elevator access status and moving-walk figures, the
 * gateway's intercom filter and "in call", a fault's type and its actual and displayed floors, a run's figures
 * as fields, a part's elevator company name; and the 7-day span of power-down queries.
 */
describe.each(DIALECTS)('the spec’s fields (%s)', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let mqtt: MqttClient;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, '86145000001', { floors: 12 });
    mqtt = await connectGateway(s.mqttUrl, gw);
  });
  afterAll(async () => {
    mqtt?.end(true);
    await s?.close();
  });
  let seq = 0;
  const send = (kind: Parameters<typeof upTopic>[1], body: Record<string, unknown>) =>
    publishQos1(mqtt, upTopic(gw.dtu, kind), JSON.stringify({ id: `m${++seq}`, ts: Date.now(), ...body }));

  it('keeps an elevator’s access status and moving-walk speed, length, angle and width, with their rules', async () => {
    const walk = await admin.entities.elevator.save({
      name: 'Arrivals moving walk',
      factoryNo: 'SW2020-000137',
      elevatorType: 7,
      useStatus: 1,
      accessStatus: true,
      movingWalkSpeed: 0.65,
      movingWalkLength: 42.5,
      movingWalkAngle: 10,
      movingWalkWidth: 1000,
    });
    expect(await admin.entities.elevator.get(walk.id)).toMatchObject({
      accessStatus: true,
      movingWalkSpeed: 0.65,
      movingWalkLength: 42.5,
      movingWalkAngle: 10,
      movingWalkWidth: 1000,
    });
    const zh = await s.fetch('elevators', {
      method: 'PUT',
      token: tokenOf(admin),
      language: 'zh-CN',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: walk.id, revision: walk.revision, movingWalkSpeed: 0.655 }),
    });
    expect(zh.status).toBe(400);
    expect(String(zh.body.message)).toContain('人行道速度');
  });

  it('keeps a gateway’s intercom filter, and shows it in a call while its heartbeat says so', async () => {
    const saved = await admin.entities.gatewayDevice.save({ dtuCode: '86145000002', intercomFilter: true });
    expect((await admin.entities.gatewayDevice.get(saved.id)).intercomFilter).toBe(true);
    expect((await admin.entities.gatewayDevice.get(gw.gatewayId)).inCall).toBe(false);
    await send('heartbeat', { inCall: true });
    expect((await admin.entities.gatewayDevice.get(gw.gatewayId)).inCall).toBe(true);
    await send('heartbeat', { inCall: false });
    expect((await admin.entities.gatewayDevice.get(gw.gatewayId)).inCall).toBe(false);
    // read-only: a user cannot set it
    const gateway = await admin.entities.gatewayDevice.get(gw.gatewayId);
    await expect(
      admin.entities.gatewayDevice.save({ id: gateway.id, revision: gateway.revision, inCall: true } as never),
    ).rejects.toThrow(/inCall/);
  });

  it('stores a fault’s type and the floor its code stands for, as the display shows it', async () => {
    await admin.entities.floorMapping.save({
      elevatorId: gw.elevatorId,
      actualFloor: -1,
      displayedFloor: 'B1',
      stopsAtFloor: true,
      statusFloorCode: 'A0',
      faultFloorCode: 'MC1',
    });
    await send('fault', { code: 'E17', floorCode: 'MC1', floor: 1, faultType: 'Door' });
    await send('fault', { code: 'E30', floorCode: '07', floor: 7 });
    const faults = (await admin.entities.faultRecord.list({ elevatorId: gw.elevatorId })).records;
    expect(faults.find((f) => f.faultNo === 'E17')).toMatchObject({
      faultType: 'Door',
      faultStorey: 1,
      faultFloor: -1,
      displayFaultFloor: 'B1',
    });
    // no mapping for the code: the floor as reported
    expect(faults.find((f) => f.faultNo === 'E30')).toMatchObject({
      faultType: null,
      faultFloor: 7,
      displayFaultFloor: '7',
    });
  });

  it('stores a run’s start and end floors, distance, maximum speed, acceleration and jerk as fields', async () => {
    await send('event', {
      kind: 'run',
      startFloor: 2,
      endFloor: 9,
      distance: 22.4,
      maxSpeed: 1.75,
      acceleration: 0.8,
      jerk: 1.1,
    });
    await send('event', { kind: 'powerDown' });
    const runs = (await admin.entities.eventRecord.list({ elevatorId: gw.elevatorId, kind: 'run' })).records;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      startFloor: 2,
      endFloor: 9,
      distance: 22.4,
      maxSpeed: 1.75,
      acceleration: 0.8,
      jerk: 1.1,
    });
    const down = (await admin.entities.eventRecord.list({ elevatorId: gw.elevatorId, kind: 'powerDown' })).records;
    expect(down[0]).toMatchObject({ startFloor: null, distance: null });
  });

  it('names the elevator company of a part', async () => {
    const part = await admin.entities.part.save({
      no: 'PT-9001',
      name: 'Door motor',
      partsSn: '9'.repeat(34),
      elevatorCompanyId: s.demo.companies.manufacturer,
    });
    expect((await admin.entities.part.get(part.id)).elevatorCompanyName).toBe('Sunrise Elevator Manufacturing');
    expect((await admin.entities.part.list({ no: 'PT-9001' })).records[0]?.elevatorCompanyName).toBe(
      'Sunrise Elevator Manufacturing',
    );
  });

  it('lets power-down queries span 7 days while other events span 3', async () => {
    const q = (kind: string, end: string, language: 'en-US' | 'it-IT' = 'en-US') =>
      s.fetch(
        `eventRecords?${new URLSearchParams({ kind, eventTimeStart: '2026-01-01 00:00:00', eventTimeEnd: end })}`,
        { token: tokenOf(admin), language },
      );
    expect((await q('powerDown', '2026-01-08 00:00:00')).status).toBe(200);
    const tooLong = await q('powerDown', '2026-01-08 00:00:01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('power-down time range must be within 7 days');
    expect((await q('powerDown', '2026-01-08 00:00:01', 'it-IT')).body.message).toContain('entro 7 giorni');
    const run = await q('run', '2026-01-05 00:00:00');
    expect(run.status).toBe(400);
    expect(run.body.message).toContain('within 3 days');
  });
});
