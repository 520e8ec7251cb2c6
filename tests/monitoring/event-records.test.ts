import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

// 2026-11-20 10:03:04 in Asia/Shanghai, the test clients' zone.
const AT = Date.UTC(2026, 10, 20, 2, 3, 4);
let n = 0;
const msg = (body: Record<string, unknown>) => JSON.stringify({ id: `r${++n}`, ts: AT, ...body });

describe.each(DIALECTS)('call records and safety hazards from gateways on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let device: MqttClient;
  const publish = (kind: 'event' | 'fault', payload: string) => publishQos1(device, upTopic(gw.dtu, kind), payload);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000031' : '86100000032');
    device = await connectGateway(s.mqttUrl, gw);
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  it('stores a call with its caller, answerer, phone and recording before the acknowledgement', async () => {
    const call = {
      kind: 'call',
      durationSeconds: 42,
      originator: 'Passenger',
      connector: 'Duty room',
      phone: '13800001234',
      audio: 'calls/86100000031-1.mp3',
    };
    await publish('event', msg(call));
    // The PUBACK has arrived: the row must already be there.
    const calls = await admin.entities.callRecord.list({ elevatorId: gw.elevatorId });
    expect(calls.total).toBe(1);
    expect(calls.records[0]).toMatchObject({
      elevatorId: gw.elevatorId,
      elevatorName: `Lift ${gw.dtu}`,
      dtuCode: gw.dtu,
      callTime: '2026-11-20 10:03:04',
      durationSeconds: 42,
      originator: 'Passenger',
      connector: 'Duty room',
      phone: '13800001234',
      audio: 'calls/86100000031-1.mp3',
    });
    // Calls live in their own list (index 38), not among the event records (index 45).
    expect((await admin.entities.eventRecord.list({ elevatorId: gw.elevatorId })).total).toBe(0);
    expect((await admin.entities.callRecord.list({ phone: '13800001234', dtuCode: gw.dtu })).total).toBe(1);
    expect((await admin.entities.callRecord.list({ phone: '13900000000' })).total).toBe(0);
  });

  it('stores hazards reported on their own and hazards a fault reveals, naming that fault', async () => {
    await publish('event', msg({ kind: 'hazard', code: 'H01', description: 'Door lock contact bridged' }));
    await publish('fault', msg({ code: 'E40', floorCode: '03', floor: 3, hazardCode: 'H02' }));
    await publish('fault', msg({ code: 'E41', floorCode: '03', floor: 3 }));
    const hazards = await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId });
    expect(hazards.total).toBe(2);
    const fault = (await admin.entities.faultRecord.list({ elevatorId: gw.elevatorId, faultNo: 'E40' })).records[0]!;
    const byCode = Object.fromEntries(hazards.records.map((h) => [h.code, h]));
    expect(byCode.H01).toMatchObject({
      dtuCode: gw.dtu,
      elevatorName: `Lift ${gw.dtu}`,
      hazardTime: '2026-11-20 10:03:04',
      description: 'Door lock contact bridged',
      faultRecordId: null,
      faultNo: null,
    });
    expect(byCode.H02).toMatchObject({ faultRecordId: fault.id, faultNo: 'E40', description: null });
    expect((await admin.entities.hazardRecord.list({ code: 'H02' })).total).toBe(1);
    expect((await admin.entities.eventRecord.list({ elevatorId: gw.elevatorId })).total).toBe(0);
  });

  it('drops a hazard without its code as malformed and stores nothing', async () => {
    const before = s.app.monitoring.ingest.stats.malformed;
    await publish('event', msg({ kind: 'hazard', description: 'no code' }));
    expect(s.app.monitoring.ingest.stats.malformed).toBe(before + 1);
    expect((await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId })).total).toBe(2);
  });

  it('stores a call, a hazard and a fault revealing a hazard once when each is delivered twice', async () => {
    const calls = (await admin.entities.callRecord.list({ elevatorId: gw.elevatorId })).total;
    const hazards = (await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId })).total;
    const duplicates = s.app.monitoring.ingest.stats.duplicates;
    for (const [kind, payload] of [
      ['event', msg({ kind: 'call', durationSeconds: 3, phone: '13800005678' })],
      ['event', msg({ kind: 'hazard', code: 'H03' })],
      ['fault', msg({ code: 'E42', floorCode: '01', floor: 1, hazardCode: 'H04' })],
    ] as const) {
      await publish(kind, payload);
      await publish(kind, payload);
    }
    expect((await admin.entities.callRecord.list({ elevatorId: gw.elevatorId })).total).toBe(calls + 1);
    expect((await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId })).total).toBe(hazards + 2);
    expect((await admin.entities.faultRecord.list({ elevatorId: gw.elevatorId, faultNo: 'E42' })).total).toBe(1);
    expect(s.app.monitoring.ingest.stats.duplicates).toBe(duplicates + 3);
  });

  it('shows nothing to another tenant or to an organisation the elevator is not in', async () => {
    const coastal = await s.login('coastaladmin'); // holds every index in its own tenant
    expect((await coastal.entities.callRecord.list()).total).toBe(0);
    expect((await coastal.entities.hazardRecord.list()).total).toBe(0);
    const mine = (await admin.entities.callRecord.list({ elevatorId: gw.elevatorId })).records[0]!;
    expect((await failure(coastal.entities.callRecord.get(mine.id))).status).toBe(404);

    const role = await admin.entities.role.save({
      name: 'Calls and hazards',
      permissions: [38, 821],
      companyId: s.demo.companies.property,
    });
    await admin.entities.user.save({
      username: 'hazardviewer',
      password: 'Passw0rdX',
      name: 'Hazard Viewer',
      phone: '13522224444',
      userType: 2,
      roleIds: [role.id],
      maintainer: false,
      companyId: s.demo.companies.property,
    });
    const property = await s.login('hazardviewer', 'Passw0rdX');
    expect((await property.entities.callRecord.list()).total).toBe(0);
    expect((await property.entities.hazardRecord.list()).total).toBe(0);
    expect((await failure(property.entities.hazardRecord.get(mine.id))).status).toBe(404);
  });

  it('answers 403 to a user without index 38 or 821, lists and exports alike', async () => {
    const viewer = await s.login('general'); // Viewer: 110, 45, 341, 117
    expect((await failure(viewer.entities.callRecord.list())).status).toBe(403);
    expect((await failure(viewer.entities.hazardRecord.list())).status).toBe(403);
    const token = tokenOf(viewer);
    expect((await s.fetch('callRecords/export', { token })).status).toBe(403);
    expect((await s.fetch('hazardRecords/export', { token })).status).toBe(403);
    expect((await s.fetch('callRecords', { token: tokenOf(admin) })).status).toBe(200);
  });

  it('limits a call query to 15 days and a hazard query to a month, naming the end field in the user’s language', async () => {
    const token = tokenOf(admin);
    const calls = await s.fetch('callRecords?callTimeStart=2026-11-01%2000:00:00&callTimeEnd=2026-11-16%2000:00:01', {
      token,
      language: 'zh-CN',
    });
    expect(calls.status).toBe(400);
    const callError = calls.body.data as { errors: { field: string; rule: string; message: string }[] };
    expect(callError.errors[0]).toMatchObject({ field: 'callTimeEnd', rule: 'rule.span.fifteenDay' });
    expect(callError.errors[0]!.message).toContain('15天');
    const hazards = await s.fetch(
      'hazardRecords?hazardTimeStart=2026-10-01%2000:00:00&hazardTimeEnd=2026-11-02%2000:00:00',
      { token, language: 'it-Italy' },
    );
    expect(hazards.status).toBe(400);
    expect(JSON.stringify(hazards.body)).toContain('entro 1 mese');
    const within = await admin.entities.hazardRecord.list({
      hazardTimeStart: '2026-11-01 00:00:00',
      hazardTimeEnd: '2026-11-30 23:59:59',
    });
    expect(within.total).toBeGreaterThanOrEqual(2);
    const inRange = await admin.entities.callRecord.list({
      callTimeStart: '2026-11-20 10:03:04',
      callTimeEnd: '2026-11-20 10:03:04',
    });
    expect(inRange.total).toBeGreaterThanOrEqual(1);
  });
});
