import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { startTestServer, tokenOf, type TestServer } from '../support/server.js';
import { form } from '../support/xlsx.js';

/**
 * issue 20 (liftctl, imports): an exported gateway-device file is re-imported, though the export carries the
 * live telemetry (signal, temperature, online, last report) a gateway reported.
 */
describe('a gateway-device export re-imported', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login('admin');
  });
  afterAll(async () => s?.close());

  it('is accepted: the telemetry columns are skipped, the gateways made again', async () => {
    const gw = await provisionGateway(s, admin, '86145000201');
    await admin.entities.gatewayDevice.save({
      dtuCode: '86145000202',
      deviceModel: 'LC-DTU-4G',
      simCode: '1440261800',
    });
    const mqtt = await connectGateway(s.mqttUrl, gw);
    await publishQos1(
      mqtt,
      upTopic(gw.dtu, 'heartbeat'),
      JSON.stringify({ id: 'h1', ts: Date.now(), signal: -71, temperature: 36.5, softVer: '2.1.0', inCall: false }),
    );
    mqtt.end(true);
    const reported = await admin.entities.gatewayDevice.get(gw.gatewayId);
    expect(reported).toMatchObject({ signalStrength: -71, temperature: 36.5, dtuStatus: true });

    const res = await fetch(`${s.apiBase}/gatewayDevices/export?dtuCode=86145000202`, {
      headers: { authorization: `Bearer ${tokenOf(admin)}`, 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(200);
    const one = Buffer.from(await res.arrayBuffer());
    const all = Buffer.from(
      await (
        await fetch(`${s.apiBase}/gatewayDevices/export`, {
          headers: { authorization: `Bearer ${tokenOf(admin)}`, 'accept-language': 'en-US' },
        })
      ).arrayBuffer(),
    );
    const upload = (bytes: Buffer, dryRun: boolean) =>
      s.fetch(`gatewayDevices/import${dryRun ? '?dryRun=true' : ''}`, {
        method: 'POST',
        token: tokenOf(admin),
        body: form({ name: 'gateways.xlsx', bytes }),
      });
    // as it stands: every row is a repeat, none refused for its telemetry columns
    const again = await upload(all, true);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, skipped: 2 });
    // removed and imported again: made again from the file
    const stored = (await admin.entities.gatewayDevice.list({ dtuCode: '86145000202' })).records[0]!;
    await admin.entities.gatewayDevice.remove(stored.id);
    const made = await upload(one, false);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ created: 1 });
    expect((await admin.entities.gatewayDevice.list({ dtuCode: '86145000202' })).records[0]).toMatchObject({
      deviceModel: 'LC-DTU-4G',
      simCode: '1440261800',
      dtuStatus: false,
    });
  });
});
