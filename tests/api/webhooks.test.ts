import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GATEWAY_OFFLINE_AFTER_MS,
  actOnWorkOrder,
  listWebhookAttempts,
  redeliverWebhook,
  rotateDeveloperSecret,
  upTopic,
  type LiftCloudClient,
} from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_OFFLINE_JOB } from '../../packages/server/src/jobs/gateway-offline.js';
import { WEBHOOK_DELIVERIES_JOB } from '../../packages/server/src/jobs/webhook-deliveries.js';
import { postWebhook } from '../../packages/server/src/services/webhooks.js';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A real HTTP receiver on loopback: records every POST; a path can be told to fail its next n requests. */
async function receiver() {
  const received: Received[] = [];
  const failNext = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const left = failNext.get(path) ?? 0;
      const answered = left > 0 ? 500 : 204;
      if (left > 0) failNext.set(path, left - 1);
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.statusCode = answered;
      res.end(answered === 500 ? 'receiver down for maintenance' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, failNext, base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Standard Webhooks verification, written out independently of the server's code. */
function verifies(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret, 'base64url'))
    .update(`${id}.${ts}.${r.body}`)
    .digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  let s: TestServer;
  let superAdmin: LiftCloudClient;
  let admin: LiftCloudClient;
  let rx: Awaited<ReturnType<typeof receiver>>;
  let device: MqttClient;
  let dtu: string;
  let secret: string;
  let developerId: number;
  let clock = Date.now();
  const run = async (advanceMs = 0) => {
    // the test's clock runs ahead of the real one by the backoffs it skips
    clock = Math.max(clock, Date.now()) + advanceMs;
    return s.app.jobs.runNow(WEBHOOK_DELIVERIES_JOB, clock);
  };
  const publish = (kind: 'alarm' | 'fault' | 'event', body: Record<string, unknown>) =>
    publishQos1(device, upTopic(dtu, kind), JSON.stringify({ id: randomUUID(), ts: Date.now(), ...body }));

  beforeAll(async () => {
    rx = await receiver();
    s = await startTestServer({ dialect, app: { webhooks: { targets: 'loopback' } } });
    superAdmin = await s.login('superAdmin');
    superAdmin.session.setOrgId(s.demo.companies.demoRoot!);
    admin = await s.login('admin');
    const unit = await admin.entities.useUnit.save({
      name: `Hook Tower ${dialect}`,
      region: 'Harbour',
      longitude: 114.1,
      latitude: 22.3,
      owner: 'Owner',
    });
    dtu = dialect === 'sqlite' ? '86100000001' : '86100000002';
    const gw = await provisionGateway(s, admin, dtu, { useUnitId: unit.id });
    device = await connectGateway(s.mqttUrl, gw);
    const dev = await superAdmin.entities.developer.save({
      code: `HOOK-${dialect}`,
      name: 'Hook receiver',
      status: 1,
      alarmPushUrl: `${rx.base}/alarm`,
      alarmStatusPushUrl: `${rx.base}/status`,
      faultPushUrl: `${rx.base}/fault`,
      eventPushUrl: `${rx.base}/event`,
      subscribeAlarm: true,
      subscribeRemoveAlarm: true,
      subscribeRepealAlarm: true,
      subscribeEvent: true,
      subscribeFault: true,
      useUnitIds: [unit.id],
    });
    developerId = dev.id;
    secret = (await superAdmin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: {} })).appSecret;
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
    await rx?.close();
  });

  it('delivers every subscription kind signed as Standard Webhooks describes, in order per elevator', async () => {
    rx.received.length = 0;
    await publish('alarm', { type: 1, floor: 3 });
    await publish('alarm', { type: 1, floor: 3, cleared: true });
    await publish('fault', { code: 'E35', floorCode: '03', floor: 3 });
    await publish('event', { kind: 'powerDown' });
    await run();
    const byPath = Object.fromEntries(rx.received.map((r) => [r.path, r]));
    expect(Object.keys(byPath).sort()).toEqual(['/alarm', '/event', '/fault', '/status']);
    for (const r of rx.received) {
      expect(verifies(secret, r)).toBe(true);
      expect(verifies('c2VjcmV0LW9mLXNvbWVvbmUtZWxzZQ', r)).toBe(false);
      expect(r.headers['webhook-id']).toMatch(/^msg_/);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(600);
    }
    const types = rx.received.map((r) => (JSON.parse(r.body) as { type: string }).type);
    // one elevator: raised before removed, fault and event after them, as they happened
    expect(types).toEqual(['alarm.raised', 'alarm.removed', 'fault', 'event']);
    const log = await superAdmin.entities.webhookDelivery.list({ developerId, status: 2 });
    expect(log.total).toBe(4);
  });

  it('delivers an alarm repealed (its repair order cancelled) and the terminal status, offline and online', async () => {
    // an IoT terminal status URL only for this test, so the others' gateway reports queue nothing there
    await superAdmin.entities.developer.save({ id: developerId, terminalStatusPushUrl: `${rx.base}/terminal` });
    try {
      rx.received.length = 0;
      await publish('alarm', { type: 1, floor: 2 });
      const order = await s.store.db
        .selectFrom('workOrders')
        .select(['id', 'workOrderNo'])
        .where('deviceCode', '=', dtu)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await admin.call(actOnWorkOrder, {
        params: { id: Number(order.id), action: 'cancel' },
        body: { reason: 'pressed by a child' },
      });
      // silent past the offline time: the sweep marks it offline; its next report brings it back online
      const offline = await s.app.jobs.runNow(GATEWAY_OFFLINE_JOB, Date.now() + GATEWAY_OFFLINE_AFTER_MS + 60_000);
      expect(offline.outcome).toBe('ok');
      await publish('event', { kind: 'powerDown' });
      await run();
      const bodies = rx.received.map((r) => ({
        path: r.path,
        ...(JSON.parse(r.body) as { type: string; data: Record<string, unknown> }),
      }));
      expect(bodies.map((b) => b.type)).toEqual([
        'alarm.raised',
        'alarm.repealed',
        'terminal.status',
        'terminal.status',
        'event',
      ]);
      for (const r of rx.received) expect(verifies(secret, r)).toBe(true);
      const repealed = bodies[1]!;
      expect(repealed.path).toBe('/status');
      expect(repealed.data).toMatchObject({
        workOrderNo: order.workOrderNo,
        reason: 'pressed by a child',
        dtuCode: dtu,
      });
      expect(
        bodies.filter((b) => b.type === 'terminal.status').map((b) => [b.path, b.data.online, b.data.dtuCode]),
      ).toEqual([
        ['/terminal', false, dtu],
        ['/terminal', true, dtu],
      ]);
    } finally {
      await superAdmin.entities.developer.save({ id: developerId, terminalStatusPushUrl: null });
    }
  });

  it('retries a receiver that fails twice: acknowledged once, three attempts in the log, later events held back', async () => {
    rx.received.length = 0;
    rx.failNext.set('/alarm', 2);
    await publish('alarm', { type: 2, floor: 1 });
    await run();
    expect(rx.received.map((r) => r.answered)).toEqual([500]);
    // a later event of the same elevator waits behind the failing one
    await publish('fault', { code: 'E36', floorCode: '01', floor: 1 });
    await run(1_000);
    expect(rx.received.filter((r) => r.path === '/fault')).toHaveLength(0);
    await run(31_000);
    expect(rx.received.map((r) => r.answered)).toEqual([500, 500]);
    await run(61_000);
    const alarms = rx.received.filter((r) => r.path === '/alarm');
    expect(alarms.map((r) => r.answered)).toEqual([500, 500, 204]);
    expect(new Set(alarms.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(rx.received.filter((r) => r.path === '/fault').map((r) => r.answered)).toEqual([204]);
    const delivery = (
      await superAdmin.entities.webhookDelivery.list({ developerId, eventType: 'alarm.raised' })
    ).records.find((d) => d.msgId === alarms[0]!.headers['webhook-id'])!;
    expect(delivery).toMatchObject({ status: 2, attempts: 3 });
    const attempts = await superAdmin.call(listWebhookAttempts, { params: { id: delivery.id } });
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 204]);
    expect(attempts[0]!.responseExcerpt).toBe('receiver down for maintenance');
    expect(attempts.every((a) => a.latencyMs >= 0)).toBe(true);

    // redeliver: the same message again, a new line in the log
    rx.received.length = 0;
    const again = await superAdmin.call(redeliverWebhook, { params: { id: delivery.id } });
    expect(again.id).not.toBe(delivery.id);
    await run(1_000);
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([delivery.msgId]);
  });

  it('refuses private targets (and loopback unless allowed) without connecting', async () => {
    const priv = await postWebhook('http://10.1.2.3/hook', {}, '{}', 'loopback', 2_000);
    expect(priv.statusCode).toBeNull();
    expect(priv.error).toContain('not allowed');
    const linkLocal = await postWebhook('http://169.254.169.254/latest', {}, '{}', 'loopback', 2_000);
    expect(linkLocal.error).toContain('not allowed');
    const loop = await postWebhook(`${rx.base}/alarm`, {}, '{}', 'public', 2_000);
    expect(loop.error).toContain('not allowed');
    const named = await postWebhook(`http://localhost:${new URL(rx.base).port}/alarm`, {}, '{}', 'public', 2_000);
    expect(named.error).toContain('not allowed');
  });

  it('shows the log and redeliver only to the super admin', async () => {
    expect((await failure(admin.entities.webhookDelivery.list({}))).status).toBe(403);
    const any = (await superAdmin.entities.webhookDelivery.list({})).records[0]!;
    expect((await failure(admin.call(redeliverWebhook, { params: { id: any.id } }))).status).toBe(403);
    expect((await failure(admin.call(listWebhookAttempts, { params: { id: any.id } }))).status).toBe(403);
  });
});
