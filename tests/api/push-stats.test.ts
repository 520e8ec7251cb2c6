import { dayText, upTopic, utcDay, type LiftCloudClient, type PushCounts } from '@liftcloud/client';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const json = { 'content-type': 'application/json' };

/** A gateway with its MQTT secret, bound to a new elevator unless `bound` is false. */
async function provision(s: TestServer, admin: LiftCloudClient, dtu: string, bound = true) {
  const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu });
  const token = tokenOf(admin);
  let elevatorId: number | null = null;
  if (bound) {
    const lift = await admin.entities.elevator.save({
      name: `Lift ${dtu}`,
      factoryNo: `F${dtu}`,
      elevatorType: 1,
      useStatus: 1,
      address: '1 Quay Street',
    });
    elevatorId = lift.id;
    await s.fetch(`gatewayDevices/${gw.id}/bind`, {
      method: 'PUT',
      token,
      headers: json,
      body: JSON.stringify({ elevatorId }),
    });
  }
  const cred = await s.fetch(`gatewayDevices/${gw.id}/credentials`, {
    method: 'POST',
    token,
    headers: json,
    body: '{}',
  });
  return { dtu, id: gw.id, elevatorId, secret: (cred.body.data as { secret: string }).secret };
}

function connect(url: string, username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000 });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}

const publish = (c: MqttClient, topic: string, payload: string | Buffer) =>
  new Promise<void>((resolve, reject) =>
    c.publish(topic, payload, { qos: 1 }, (err) => (err ? reject(err) : resolve())),
  );

let n = 0;
const msg = (body: Record<string, unknown>) => JSON.stringify({ id: `p${++n}`, ts: Date.now(), ...body });
const status = (floor: number) => msg({ floor, direction: 1, door: 0, run: 1, flags: [] });

/** What the bound gateway publishes below: 14 accepted, 2 dropped. */
const EXPECTED = {
  status: 5,
  fault: 2,
  alarm: 1,
  event: 2,
  heartbeat: 3,
  reply: 1,
  vibration: 0,
  meter: 0,
  malformed: 1,
  oversized: 1,
  unbound: 0,
  total: 14,
  dropped: 2,
} satisfies PushCounts;

describe.each(DIALECTS)('push statistics per gateway on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let superAdmin: LiftCloudClient;
  let gw: Awaited<ReturnType<typeof provision>>;
  let loose: Awaited<ReturnType<typeof provision>>;
  const devices: MqttClient[] = [];

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    [admin, superAdmin] = await Promise.all([s.login('admin'), s.login('superAdmin')]);
    gw = await provision(s, admin, '86200000001');
    loose = await provision(s, admin, '86200000002', false);
    const [device, looseDevice] = await Promise.all([
      connect(s.mqttUrl, gw.dtu, gw.secret),
      connect(s.mqttUrl, loose.dtu, loose.secret),
    ]);
    devices.push(device, looseDevice);
    const up = (kind: Parameters<typeof upTopic>[1], payload: string | Buffer) =>
      publish(device, upTopic(gw.dtu, kind), payload);
    // Five state reports at once: they share a batch, where only the latest is stored.
    await Promise.all([1, 2, 3, 4, 5].map((floor) => up('status', status(floor))));
    await up('fault', msg({ code: 'E12', floorCode: '03', floor: 3 }));
    await up('fault', msg({ code: 'E13', floorCode: '03', floor: 3 }));
    await up('alarm', msg({ type: 2, floor: 3 }));
    await up('event', msg({ kind: 'powerDown' }));
    await up('event', msg({ kind: 'powerRestore' }));
    for (let i = 0; i < 3; i++) await up('heartbeat', msg({ signal: -70 }));
    await up('reply', msg({ commandId: 999_999, state: 'success' }));
    await up('fault', 'not json');
    await up('heartbeat', Buffer.alloc(17 * 1024, 32));
    // The unbound gateway: its fault is dropped as unbound, its heartbeat still counts.
    await publish(looseDevice, upTopic(loose.dtu, 'fault'), msg({ code: 'E1', floorCode: '01', floor: 1 }));
    await publish(looseDevice, upTopic(loose.dtu, 'heartbeat'), msg({}));
    // Dropped messages are acknowledged at once; their counts commit with the next batch.
    await s.app.monitoring.ingest.drain();
  });
  afterAll(async () => {
    for (const d of devices) d.end(true);
    await s?.close();
  });

  it('counts every message pushed by kind, though state reports were coalesced', async () => {
    const states = await s.store.db
      .selectFrom('elevatorStates')
      .selectAll()
      .where('elevatorId', '=', gw.elevatorId!)
      .execute();
    expect(states).toHaveLength(1);
    const stats = await admin.pushStats.ofGateway(gw.id);
    expect(stats.totals).toEqual(EXPECTED);
    expect(stats.days).toHaveLength(7);
    expect(stats.to).toBe(dayText(utcDay()));
    expect(stats.days.at(-1)).toEqual({ day: stats.to, ...EXPECTED });
    expect(stats.days[0]).toMatchObject({ day: dayText(utcDay() - 6), total: 0, dropped: 0 });
    expect(stats.lastPushTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const unbound = await admin.pushStats.ofGateway(loose.id);
    expect(unbound.totals).toMatchObject({ heartbeat: 1, unbound: 1, fault: 0, total: 1, dropped: 1 });
  });

  it('answers a chosen range with every day in it', async () => {
    const to = dayText(utcDay());
    const from = dayText(utcDay() - 30);
    const stats = await admin.pushStats.ofGateway(gw.id, { from, to });
    expect(stats.days).toHaveLength(31);
    expect(stats.totals.total).toBe(EXPECTED.total);
    const before = await admin.pushStats.ofGateway(gw.id, { from, to: dayText(utcDay() - 1) });
    expect(before.totals.total).toBe(0);
    expect(before.lastPushTime).toBeNull();
  });

  it('refuses a bad range naming the field, in the caller’s language', async () => {
    const bad = await failure(admin.pushStats.ofGateway(gw.id, { from: '2026-02-30' }));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors.map((f) => [f.field, f.rule])).toEqual([['from', 'validation.date']]);
    expect(bad.message).toContain('From (UTC day)');
    const order = await failure(admin.pushStats.ofGateway(gw.id, { from: '2026-11-10', to: '2026-11-01' }));
    expect(order.fieldErrors.map((f) => [f.field, f.rule])).toEqual([['to', 'validation.rangeOrder']]);
    const wide = await s.fetch(`gatewayDevices/${gw.id}/pushStats?from=2026-01-01&to=2026-03-01`, {
      token: tokenOf(admin),
      language: 'zh-CN',
    });
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe('结束日期：时间范围必须在1个月内');
  });

  it('keeps one tenant’s gateways from another tenant and from users without the gateway permission', async () => {
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.pushStats.ofGateway(gw.id))).status).toBe(404);
    expect((await failure(coastal.pushStats.list())).status).toBe(403);
    expect((await failure(admin.pushStats.list())).status).toBe(403);
    const general = await s.login('general');
    expect((await failure(general.pushStats.ofGateway(gw.id))).status).toBe(403);
  });

  it('lists every gateway of the platform for the super admin, busiest first, filtered by DTU', async () => {
    const page = await superAdmin.pushStats.list({ pageSize: 20 });
    expect(page.records[0]).toMatchObject({
      gatewayId: gw.id,
      dtuCode: gw.dtu,
      elevatorId: gw.elevatorId,
      elevatorName: `Lift ${gw.dtu}`,
      tenantName: expect.any(String),
      online: true,
      blacklisted: false,
      today: EXPECTED,
      week: EXPECTED,
    });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const filtered = await superAdmin.pushStats.list({ dtuCode: '8620000000' });
    expect(filtered.records.map((r) => r.dtuCode).sort()).toEqual([gw.dtu, loose.dtu]);
    const ascending = await superAdmin.pushStats.list({ dtuCode: '8620000000', sort: 'week', order: 'asc' });
    expect(ascending.records.map((r) => r.dtuCode)).toEqual([loose.dtu, gw.dtu]);
    const sorted = await superAdmin.pushStats.list({ sort: 'dtuCode', pageSize: 200 });
    const codes = sorted.records.map((r) => r.dtuCode);
    expect(codes).toEqual([...codes].sort());
    const badSize = await failure(superAdmin.pushStats.list({ pageSize: 5 }));
    expect(badSize.fieldErrors.map((f) => [f.field, f.rule])).toEqual([['pageSize', 'validation.pageSize']]);
  });
});
