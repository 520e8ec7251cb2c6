import { bindGateway, setGatewaysBlacklisted, upTopic } from '@liftcloud/client';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExternalIngest, type ExternalIngest } from '../../packages/server/src/monitoring/external.js';
import { startTestServer, tokenOf, type TestServer } from '../support/server.js';

/** The scaled path: gateways publish to the Mosquitto on this machine; two ingest instances share the load. */
const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe('ingest from an external broker with a shared subscription', () => {
  let s: TestServer;
  let second: ExternalIngest;
  const group = `lc-test-${process.pid}-${Date.now()}`;
  const dtu = String(87_000_000_000 + (process.pid % 1_000_000));

  beforeAll(async () => {
    s = await startTestServer({
      app: {
        monitoring: {
          mqttUrl: MOSQUITTO,
          ingestGroup: group,
          instanceId: `${group}-a`,
          cleanSession: true,
          sweepEveryMs: 3_600_000,
        },
      },
    });
    const m = s.app.monitoring;
    second = await startExternalIngest({
      url: MOSQUITTO,
      group,
      clientId: `${group}-b`,
      clean: true,
      directory: m.directory,
      ingest: m.ingest,
      log: s.app.log,
    });
    const admin = await s.login('admin');
    const lift = await admin.entities.elevator.save({
      name: 'Shared lift',
      factoryNo: `SH-${dtu}`,
      elevatorType: 1,
      useStatus: 1,
    });
    const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu });
    await s.fetch(`gatewayDevices/${gw.id}/bind`, {
      method: 'PUT',
      token: tokenOf(admin),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ elevatorId: lift.id }),
    });
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  it('stores every message once, with the work shared between both instances', async () => {
    const gateway = await mqtt.connectAsync(MOSQUITTO, { clientId: `${group}-gw`, clean: true });
    const total = 200;
    await Promise.all(
      Array.from({ length: total }, (_, i) =>
        gateway.publishAsync(
          upTopic(dtu, 'fault'),
          JSON.stringify({ id: `f${i}`, ts: Date.now(), code: `E${i % 50}`, floorCode: '01', floor: 1 }),
          { qos: 1 },
        ),
      ),
    );
    // One duplicate on purpose: the same id is stored once whichever instance takes it.
    await gateway.publishAsync(
      upTopic(dtu, 'fault'),
      JSON.stringify({ id: 'f0', ts: Date.now(), code: 'E0', floorCode: '01', floor: 1 }),
      { qos: 1 },
    );
    await gateway.endAsync();
    const a = s.app.monitoring.external!;
    await expect.poll(() => a.received() + second.received()).toBeGreaterThanOrEqual(total + 1);
    await s.app.monitoring.ingest.drain();
    const stored = await s.store.db
      .selectFrom('faultRecords')
      .select((e) => e.fn.countAll().as('n'))
      .where('dtuCode', '=', dtu)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(total);
    expect(a.received()).toBeGreaterThan(0);
    expect(second.received()).toBeGreaterThan(0);
    expect(a.received() + second.received()).toBe(total + 1);
  });

  it('stores nothing a blacklisted gateway publishes once the API answered (the broker cannot be told to kick it)', async () => {
    const admin = await s.login('admin');
    const dtu2 = String(Number(dtu) + 1);
    const lift = await admin.entities.elevator.save({
      name: 'Cut lift',
      factoryNo: `CL-${dtu2}`,
      elevatorType: 1,
      useStatus: 1,
    });
    const gw = await admin.entities.gatewayDevice.save({ dtuCode: dtu2 });
    await admin.call(bindGateway, { params: { id: gw.id }, body: { elevatorId: lift.id } });
    const gateway = await mqtt.connectAsync(MOSQUITTO, { clientId: `${group}-cut`, clean: true });
    const event = (i: number) => JSON.stringify({ id: `c${i}`, ts: Date.now(), kind: 'run' });
    const stored = async () =>
      Number(
        (
          await s.store.db
            .selectFrom('eventRecords')
            .select((e) => e.fn.countAll().as('n'))
            .where('dtuCode', '=', dtu2)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // the directory has the gateway cached as allowed
    for (let i = 0; i < 5; i++) await gateway.publishAsync(upTopic(dtu2, 'event'), event(i), { qos: 1 });
    await expect.poll(stored).toBe(5);
    await admin.call(setGatewaysBlacklisted, { body: { ids: [gw.id], black: true } });
    const refusedBefore = s.app.monitoring.ingest.stats.revoked ?? 0;
    const after = 20;
    for (let i = 5; i < 5 + after; i++) await gateway.publishAsync(upTopic(dtu2, 'event'), event(i), { qos: 1 });
    // each message is either stored (the fault this test is about) or refused by the ingest
    await expect
      .poll(async () => (await stored()) - 5 + (s.app.monitoring.ingest.stats.revoked ?? 0) - refusedBefore)
      .toBeGreaterThanOrEqual(after);
    expect(await stored()).toBe(5);
    await gateway.endAsync();
  });
});
