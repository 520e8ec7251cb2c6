import { upTopic, type LiveEvent } from '@liftcloud/client';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsBus } from '../../packages/server/src/monitoring/nats-bus.js';
import { startTestServer, tokenOf, type TestServer } from '../support/server.js';

const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describe('the event bus over NATS', () => {
  it('carries each event once to every subscriber of every instance', async () => {
    const subject = `liftcloud.test.${process.pid}.${Date.now()}`;
    const a = await natsBus(NATS, subject);
    const b = await natsBus(NATS, subject);
    const seenA: LiveEvent[] = [];
    const seenB: LiveEvent[] = [];
    a.subscribe((e) => seenA.push(e));
    b.subscribe((e) => seenB.push(e));
    // a subscription reaches the NATS server after subscribe() returns: a round trip on each connection
    // (flush: PING answered by PONG) makes sure both are registered before anything is published
    await Promise.all([a.connection.flush(), b.connection.flush()]);
    const event: LiveEvent = { type: 'alarm', tenantId: 2, orgIds: [5], elevatorId: 9, data: { type: 1 } };
    for (let i = 0; i < 50; i++) await a.publish({ ...event, data: { n: i } });
    await a.connection.flush();
    await expect.poll(() => Math.min(seenA.length, seenB.length)).toBeGreaterThanOrEqual(50);
    expect(seenA.map((e) => e.data.n)).toEqual([...Array(50).keys()]);
    expect(seenB.map((e) => e.data.n)).toEqual([...Array(50).keys()]);
    await a.close();
    await b.close();
  });
});

describe('two server instances sharing one NATS bus', () => {
  let one: TestServer;
  let two: TestServer;
  const subject = `liftcloud.test.servers.${process.pid}.${Date.now()}`;
  beforeAll(async () => {
    one = await startTestServer({
      app: {
        monitoring: { mqttPort: 0, mqttHost: '127.0.0.1', bus: await natsBus(NATS, subject), sweepEveryMs: 3_600_000 },
      },
    });
    two = await startTestServer({
      app: { monitoring: { bus: await natsBus(NATS, subject), sweepEveryMs: 3_600_000 } },
    });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('pushes an alarm ingested by one instance to a console connected to the other', async () => {
    // Both test servers hold the same demo data, so a user of one is a user of the other for scoping.
    const admin = await one.login('admin');
    const lift = await admin.entities.elevator.save({
      name: 'Bus lift',
      factoryNo: 'BUS-1',
      elevatorType: 1,
      useStatus: 1,
    });
    const gw = await admin.entities.gatewayDevice.save({ dtuCode: '86200000001' });
    const token = tokenOf(admin);
    const json = { 'content-type': 'application/json' };
    await one.fetch(`gatewayDevices/${gw.id}/bind`, {
      method: 'PUT',
      token,
      headers: json,
      body: JSON.stringify({ elevatorId: lift.id }),
    });
    const secret = (
      (await one.fetch(`gatewayDevices/${gw.id}/credentials`, { method: 'POST', token, headers: json, body: '{}' }))
        .body.data as { secret: string }
    ).secret;

    const viewer = await two.login('admin');
    const session = viewer.session.get()!;
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${two.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
    const frames: { type: number; event: string }[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as { type: number; event: string }));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(`${session.username}-${session.orgId}`);

    const device = await mqtt.connectAsync(one.mqttUrl, {
      username: '86200000001',
      password: secret,
      clientId: 'bus-gw',
    });
    await device.publishAsync(upTopic('86200000001', 'alarm'), JSON.stringify({ id: 'b1', ts: Date.now(), type: 1 }), {
      qos: 1,
    });
    await expect.poll(() => frames.some((f) => f.event === 'alarm')).toBe(true);
    expect(frames.find((f) => f.event === 'alarm')?.type).toBe(1);
    await device.endAsync();
    ws.close();
  });
});
