import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK, WEBHOOK_STATUS, rotateDeveloperSecret, upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERIES_JOB } from '../../packages/server/src/jobs/webhook-deliveries.js';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** An endpoint failing for days is switched off with a notice; one that delivered lately is kept (rows driven). */
describe.each(DIALECTS)('webhook endpoint switch-off on %s', (dialect) => {
  let s: TestServer;
  let superAdmin: LiftCloudClient;
  let server: Server;
  let base = '';
  const failing = new Set<string>();
  const hits: string[] = [];
  let device: MqttClient;
  let dtu: string;
  let developerId: number;
  let clock = Date.now();
  const run = () => {
    clock = Math.max(clock, Date.now()) + 1;
    return s.app.jobs.runNow(WEBHOOK_DELIVERIES_JOB, clock);
  };
  const publish = (kind: 'alarm' | 'fault', body: Record<string, unknown>) =>
    publishQos1(device, upTopic(dtu, kind), JSON.stringify({ id: randomUUID(), ts: Date.now(), ...body }));
  /** The pending delivery's event is older than the give-up time: its next failure gives it up. */
  const ageDeliveries = () =>
    s.store.db
      .updateTable('webhookDeliveries')
      .set({ eventTime: clock - WEBHOOK.giveUpAfterMs - 60_000, nextAttemptTime: clock })
      .where('developerId', '=', developerId)
      .where('status', '=', WEBHOOK_STATUS.pending)
      .execute();

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(req.url ?? '');
        res.statusCode = failing.has(req.url ?? '') ? 503 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    s = await startTestServer({ dialect, app: { webhooks: { targets: 'loopback' } } });
    superAdmin = await s.login('superAdmin');
    superAdmin.session.setOrgId(s.demo.companies.demoRoot!);
    const admin = await s.login('admin');
    const unit = await admin.entities.useUnit.save({
      name: `Off Tower ${dialect}`,
      region: 'Harbour',
      longitude: 114.1,
      latitude: 22.3,
      owner: 'Owner',
    });
    dtu = dialect === 'sqlite' ? '86300000001' : '86300000002';
    const gw = await provisionGateway(s, admin, dtu, { useUnitId: unit.id });
    device = await connectGateway(s.mqttUrl, gw);
    const dev = await superAdmin.entities.developer.save({
      code: `OFF-${dialect}`,
      name: 'Dead receiver',
      status: 1,
      alarmPushUrl: `${base}/dead`,
      alarmStatusPushUrl: `${base}/dead`,
      faultPushUrl: `${base}/flaky`,
      subscribeAlarm: true,
      subscribeRemoveAlarm: true,
      subscribeFault: true,
      useUnitIds: [unit.id],
    });
    developerId = dev.id;
    await superAdmin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: {} });
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('keeps a URL that delivered lately, and switches off one that delivered nothing for days, with a notice', async () => {
    // /flaky delivers once, then fails until its delivery is given up: it worked within the window, so it stays
    await publish('fault', { code: 'E1', floorCode: '01', floor: 1 });
    await run();
    failing.add('/flaky');
    await publish('fault', { code: 'E2', floorCode: '01', floor: 1 });
    await run();
    await ageDeliveries();
    await run();
    let dev = await superAdmin.entities.developer.get(developerId);
    expect(dev.faultPushUrl).toBe(`${base}/flaky`);
    expect(dev.webhookOffTime).toBeNull();
    const flaky = await superAdmin.entities.webhookDelivery.list({ developerId, eventType: 'fault' });
    expect(flaky.records.map((d) => d.status).sort()).toEqual([WEBHOOK_STATUS.delivered, WEBHOOK_STATUS.failed].sort());

    // /dead never answers well: its given-up delivery switches it off (both fields that hold it)
    failing.add('/dead');
    await publish('alarm', { type: 2, floor: 3 });
    await publish('alarm', { type: 2, floor: 3, cleared: true });
    await run();
    await ageDeliveries();
    await run();
    dev = await superAdmin.entities.developer.get(developerId);
    expect(dev.alarmPushUrl).toBeNull();
    expect(dev.alarmStatusPushUrl).toBeNull();
    expect(dev.faultPushUrl).toBe(`${base}/flaky`);
    expect(dev.webhookOffTime).not.toBeNull();
    expect(dev.webhookOffNote).toContain(`${base}/dead`);
    // the later delivery waiting behind it is failed too, not left pending for an endpoint that is off
    const dead = await superAdmin.entities.webhookDelivery.list({ developerId, status: WEBHOOK_STATUS.pending });
    expect(dead.total).toBe(0);
    const notice = await s.store.db
      .selectFrom('messageRecords')
      .selectAll()
      .where('referBizNo', '=', `developer:${developerId}`)
      .execute();
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ target: 'superAdmin', topic: 'webhookOff' });
    expect(notice[0]!.content).toContain(`${base}/dead`);

    // nothing more is queued for it
    const before = hits.length;
    await publish('alarm', { type: 2, floor: 4 });
    await run();
    expect(hits.slice(before).filter((h) => h === '/dead')).toEqual([]);
    expect(
      (await superAdmin.entities.webhookDelivery.list({ developerId, status: WEBHOOK_STATUS.pending })).total,
    ).toBe(0);
  });
});
