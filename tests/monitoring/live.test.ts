import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const connect = (url: string, dtu: string, secret: string) => connectGateway(url, { dtu, secret });
const publish = publishQos1;

/** A live-channel subscriber: collects what the hub pushes. */
async function listen(
  s: TestServer,
  client: LiftCloudClient,
): Promise<{ messages: { type: number; event: string; data: Record<string, unknown> }[]; close: () => void }> {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const messages: { type: number; event: string; data: Record<string, unknown> }[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as (typeof messages)[number]));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  return { messages, close: () => ws.close() };
}

let n = 0;
const msg = (body: Record<string, unknown>) => JSON.stringify({ id: `m${++n}`, ts: Date.now(), ...body });

describe.each(DIALECTS)('live monitoring through the embedded broker on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let device: MqttClient;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000001' : '86100000002');
    device = await connect(s.mqttUrl, gw.dtu, gw.secret);
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  it('turns a trapped-passenger alarm into a work order, stored before the gateway’s acknowledgement, and pushes it', async () => {
    const live = await listen(s, admin);
    await publish(device, upTopic(gw.dtu, 'alarm'), msg({ type: 1, floor: 7 }));
    // The puback has arrived: the order must already be in the store.
    const orders = await admin.entities.workOrder.list({ elevatorId: gw.elevatorId });
    expect(orders.total).toBe(1);
    expect(orders.records[0]).toMatchObject({
      recordState: 0,
      type: 1,
      elevatorName: `Lift ${gw.dtu}`,
      address: '88 Harbour Road',
      deviceCode: gw.dtu,
      hasPeople: true,
    });
    await expect.poll(() => live.messages.some((m) => m.event === 'workOrder')).toBe(true);
    const alarm = live.messages.find((m) => m.event === 'alarm');
    expect(alarm?.type).toBe(1);
    expect(alarm?.data).toMatchObject({ type: 1, floor: 7, elevatorId: gw.elevatorId });
    live.close();
  });

  it('stores a message sent twice (same id) once', async () => {
    const payload = msg({ code: 'E35', floorCode: '07', floor: 7 });
    await publish(device, upTopic(gw.dtu, 'fault'), payload);
    await publish(device, upTopic(gw.dtu, 'fault'), payload);
    const faults = await admin.entities.faultRecord.list({ elevatorId: gw.elevatorId, faultNo: 'E35' });
    expect(faults.total).toBe(1);
    expect(s.app.monitoring.ingest.stats.duplicates).toBeGreaterThanOrEqual(1);
  });

  it('keeps up with more messages in flight than one batch holds', async () => {
    const before = (await admin.entities.callRecord.list({ elevatorId: gw.elevatorId })).total;
    await Promise.all(
      Array.from({ length: 1200 }, () =>
        publish(device, upTopic(gw.dtu, 'event'), msg({ kind: 'call', durationSeconds: 5 })),
      ),
    );
    expect((await admin.entities.callRecord.list({ elevatorId: gw.elevatorId })).total).toBe(before + 1200);
  });

  it('keeps the latest state of the elevator and marks it online', async () => {
    await publish(device, upTopic(gw.dtu, 'status'), msg({ floor: 12, direction: 1, door: 0, run: 1, flags: [7] }));
    const token = tokenOf(admin);
    const state = (await s.fetch(`elevators/${gw.elevatorId}/state`, { token })).body.data;
    expect(state).toMatchObject({ floor: 12, direction: 1, door: 0, run: 1, flags: [7], online: true });
  });

  it('survives malformed and oversized payloads and goes on storing', async () => {
    const before = { ...s.app.monitoring.ingest.stats };
    await publish(device, upTopic(gw.dtu, 'fault'), '{not json');
    await publish(device, upTopic(gw.dtu, 'fault'), JSON.stringify({ id: 'x', ts: 1, code: 42 }));
    await publish(device, upTopic(gw.dtu, 'event'), Buffer.alloc(20 * 1024, 0x20));
    expect(s.app.monitoring.ingest.stats.malformed).toBe(before.malformed + 2);
    expect(s.app.monitoring.ingest.stats.oversized).toBe(before.oversized + 1);
    await publish(device, upTopic(gw.dtu, 'event'), msg({ kind: 'powerDown' }));
    expect((await admin.entities.eventRecord.list({ elevatorId: gw.elevatorId, kind: 'powerDown' })).total).toBe(1);
  });

  it('refuses a wrong secret, a blacklisted gateway, and publishing on another gateway’s topic', async () => {
    await expect(connect(s.mqttUrl, gw.dtu, 'gw_wrong')).rejects.toThrow();
    const other = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000011' : '86100000012');
    const intruder = await connect(s.mqttUrl, other.dtu, other.secret);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(upTopic(gw.dtu, 'alarm'), msg({ type: 1 }), { qos: 1 });
    await closed;
    expect((await admin.entities.alarmRecord.list({ dtuCode: gw.dtu })).total).toBe(1);
    intruder.end(true);
    const token = tokenOf(admin);
    await s.fetch('gatewayDevices/blacklist', {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [other.gatewayId], black: true }),
    });
    s.app.monitoring.directory.forget();
    await expect(connect(s.mqttUrl, other.dtu, other.secret)).rejects.toThrow();
  });

  it('pushes an elevator’s events only to users who may see its organisation', async () => {
    const coastalAdmin = await s.login('coastaladmin');
    const coastalLift = await provisionGateway(s, coastalAdmin, dialect === 'sqlite' ? '86100000021' : '86100000022', {
      maintenanceCompanyId: s.demo.companies.coastalRoot!,
    });
    const coastalDevice = await connect(s.mqttUrl, coastalLift.dtu, coastalLift.secret);
    const coastal = await listen(s, coastalAdmin);
    const maintenance = await listen(s, await s.login('companyadmin'));
    try {
      await publish(device, upTopic(gw.dtu, 'alarm'), msg({ type: 2 }));
      await expect.poll(() => maintenance.messages.some((m) => m.event === 'alarm')).toBe(true);
      // An alarm coastal may see, published after: frames reach a socket in order, so once coastal has this
      // one, anything the first alarm had sent it would be there before it.
      await publish(coastalDevice, upTopic(coastalLift.dtu, 'alarm'), msg({ type: 2 }));
      await expect.poll(() => coastal.messages.some((m) => m.event === 'alarm')).toBe(true);
      const aboutOthers = coastal.messages.filter(
        (m) => m.data.elevatorId !== coastalLift.elevatorId && m.data.dtu !== coastalLift.dtu,
      );
      expect(aboutOthers).toEqual([]);
    } finally {
      coastal.close();
      maintenance.close();
      coastalDevice.end(true);
    }
  });

  it('closes a live channel whose hello names another user', async () => {
    const session = admin.session.get()!;
    const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
    await new Promise((resolve) => ws.once('open', resolve));
    const code = new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
    ws.send('superAdmin-0');
    expect(await code).toBe(4003);
    const anonymous = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws`);
    const refused = await new Promise<number>((resolve) =>
      anonymous.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(refused).toBe(401);
  });

  it('takes a work order from reported to confirmed through its actions, with a timeline', async () => {
    const orders = await admin.entities.workOrder.list({ elevatorId: gw.elevatorId, recordState: 0 });
    const id = orders.records[0]!.id;
    const token = tokenOf(admin);
    const act = (action: string, body: Record<string, unknown> = {}, language: 'en-US' | 'zh-CN' = 'en-US') =>
      s.fetch(`workOrders/${id}/${action}`, {
        method: 'POST',
        token,
        language,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const early = await act('confirm');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This work order is Alarm reported: it cannot be confirmed now');
    expect((await act('receive')).status).toBe(200);
    const person = (userId: number) =>
      s.fetch(`workOrders/${id}/people`, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId, role: 'repair' }),
      });
    expect((await person(s.demo.users.companyuser)).status).toBe(200);
    const twice = await person(s.demo.users.companyuser);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('duplicate emergency repair person cannot be added');
    await s.fetch(`workOrders/${id}/pause`, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"paused":true}',
    });
    const paused = await act('arrive', {}, 'zh-CN');
    expect(paused.status).toBe(409);
    expect(paused.body.message).toBe('暂停或停止的工单不能操作');
    await s.fetch(`workOrders/${id}/pause`, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"paused":false}',
    });
    expect((await act('arrive')).status).toBe(200);
    expect((await act('finish', { handling: 'Released two passengers', faultReason: 'Door lock' })).status).toBe(200);
    expect((await act('confirm')).status).toBe(200);
    const detail = (await s.fetch(`workOrders/${id}/detail`, { token })).body.data as {
      order: { recordState: number; handling: string };
      timeline: { action: string }[];
      allowedActions: string[];
    };
    expect(detail.order).toMatchObject({ recordState: 6, handling: 'Released two passengers' });
    expect(detail.timeline.map((t) => t.action)).toEqual([
      'report',
      'secondAlarm',
      'receive',
      'arrive',
      'finish',
      'confirm',
    ]);
    expect(detail.allowedActions).toEqual([]);
  });

  it('cancels only with a reason, moves an order to recovered when the elevator recovers, and auto-confirms later', async () => {
    const token = tokenOf(admin);
    await publish(device, upTopic(gw.dtu, 'alarm'), msg({ type: 0 }));
    let open = (await admin.entities.workOrder.list({ elevatorId: gw.elevatorId, recordState: 0 })).records[0]!;
    const noReason = await s.fetch(`workOrders/${open.id}/cancel`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Cancel reason: cannot be empty');
    await s.fetch(`workOrders/${open.id}/cancel`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"reason":"False alarm"}',
    });
    expect((await admin.entities.workOrder.get(open.id)).recordState).toBe(8);

    await publish(device, upTopic(gw.dtu, 'alarm'), msg({ type: 3 }));
    open = (await admin.entities.workOrder.list({ elevatorId: gw.elevatorId, recordState: 0 })).records[0]!;
    await publish(device, upTopic(gw.dtu, 'alarm'), msg({ type: 3, cleared: true }));
    expect((await admin.entities.workOrder.get(open.id)).recordState).toBe(4);
    await s.app.monitoring.sweep(Date.now() + 25 * 60 * 60_000);
    expect((await admin.entities.workOrder.get(open.id)).recordState).toBe(7);
  });

  it('sends commands down to the gateway and records success, error and overtime', async () => {
    const token = tokenOf(admin);
    await device.subscribeAsync(`lc/${gw.dtu}/down/command`, { qos: 1 });
    const commands: { commandId: number; action: string }[] = [];
    device.on('message', (_t, payload) =>
      commands.push(JSON.parse(payload.toString()) as { commandId: number; action: string }),
    );
    await publish(device, upTopic(gw.dtu, 'heartbeat'), msg({}));
    const send = (action: string) =>
      s.fetch(`gatewayDevices/${gw.gatewayId}/commands`, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, params: { speed: '1.75' } }),
      });
    const read = await send('readParams');
    expect(read.status).toBe(200);
    const readId = (read.body.data as { commandId: number }).commandId;
    await expect.poll(() => commands.some((c) => c.commandId === readId)).toBe(true);
    expect(commands.find((c) => c.commandId === readId)?.action).toBe('readParams');
    await publish(device, upTopic(gw.dtu, 'reply'), msg({ commandId: readId, state: 'success', value: 'speed=1.75' }));
    expect(await admin.entities.commandRecord.get(readId)).toMatchObject({
      state: 1,
      reply: 'speed=1.75',
      operator: 'admin',
    });
    const reset = (await send('faultReset')).body.data as { commandId: number };
    await publish(device, upTopic(gw.dtu, 'reply'), msg({ commandId: reset.commandId, state: 'error' }));
    expect((await admin.entities.commandRecord.get(reset.commandId)).state).toBe(2);
    const silent = (await send('writeParams')).body.data as { commandId: number };
    await s.app.monitoring.sweep(Date.now() + 31_000);
    expect((await admin.entities.commandRecord.get(silent.commandId)).state).toBe(3);
  });

  it('marks a gateway offline once its reports stop for 60 seconds', async () => {
    await publish(device, upTopic(gw.dtu, 'heartbeat'), msg({ signal: -70 }));
    expect((await admin.entities.gatewayDevice.get(gw.gatewayId)).dtuStatus).toBe(true);
    await s.app.monitoring.sweep(Date.now() + 61_000);
    const after = await admin.entities.gatewayDevice.get(gw.gatewayId);
    expect(after).toMatchObject({ dtuStatus: false, linkStatus: 1, signalStrength: -70 });
    const token = tokenOf(admin);
    const offline = await s.fetch(`gatewayDevices/${gw.gatewayId}/commands`, {
      method: 'POST',
      token,
      language: 'zh-CN',
      headers: { 'content-type': 'application/json' },
      body: '{"action":"faultReset"}',
    });
    expect(offline.status).toBe(409);
    expect(offline.body.message).toBe('终端不在线，不支持此操作');
  });

  it('limits date ranges of record lists to their spans (event 3 days, alarm 7, fault 2 months)', async () => {
    const token = tokenOf(admin);
    const q = (path: string, start: string, end: string, language: 'en-US' | 'zh-CN' = 'en-US') =>
      s.fetch(
        `${path}?${new URLSearchParams({ [`${start.split('=')[0]}`]: start.split('=')[1]!, [`${end.split('=')[0]}`]: end.split('=')[1]! })}`,
        { token, language },
      );
    const tooLong = await q('eventRecords', 'eventTimeStart=2026-01-01 00:00:00', 'eventTimeEnd=2026-01-04 00:00:01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Event time: the event time range must be within 3 days');
    expect(
      (await q('eventRecords', 'eventTimeStart=2026-01-01 00:00:00', 'eventTimeEnd=2026-01-04 00:00:00')).status,
    ).toBe(200);
    expect(
      (await q('alarmRecords', 'alarmTimeStart=2026-01-01 00:00:00', 'alarmTimeEnd=2026-01-09 00:00:00')).status,
    ).toBe(400);
    expect(
      (await q('faultRecords', 'faultTimeStart=2026-01-01 00:00:00', 'faultTimeEnd=2026-02-20 00:00:00')).status,
    ).toBe(200);
    const zh = await q(
      'faultRecords',
      'faultTimeStart=2026-01-01 00:00:00',
      'faultTimeEnd=2026-03-20 00:00:00',
      'zh-CN',
    );
    expect(zh.status).toBe(400);
    expect(zh.body.message).toContain('2个月');
  });

  it('answers the notice calls the console polls', async () => {
    const token = tokenOf(admin);
    const repair = (await s.fetch('workOrders/web?pageIndex=1&workOrderRecordState=1', { token })).body.data as {
      list: unknown[];
      total: number;
    };
    expect(repair).toHaveProperty('total');
    const bell = (await s.fetch('alarmRecords/notice', { token })).body.data as {
      list: { newStatus: number }[];
      total: number;
    };
    expect(bell.list.every((b) => b.newStatus === 2)).toBe(true);
    expect(bell.total).toBeGreaterThanOrEqual(1);
    const power = (await s.fetch('mbPowerLoss/notice', { token })).body.data as { total: number };
    expect(power.total).toBe(1);
    expect((await s.fetch('elevatorLcds/alarms', { token })).status).toBe(200);
  });
});
