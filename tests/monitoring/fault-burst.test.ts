import { upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 21 (B1): a burst of faults (a building losing power) is stored in one INSERT a batch. Many messages in
 * flight at once land in the same batch, resent copies among them; each stored fault must keep its own id
 * (its live frame, its hazard), each copy must count as a duplicate, and two gateways may use the same
 * message ids.
 */
describe.each(DIALECTS)('a burst of faults (%s)', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gws: TestGateway[];
  let devices: MqttClient[];
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    const base = dialect === 'sqlite' ? 86210000000 : 86220000000;
    gws = [await provisionGateway(s, admin, String(base + 1)), await provisionGateway(s, admin, String(base + 2))];
    devices = await Promise.all(gws.map((gw) => connectGateway(s.mqttUrl, gw)));
  });
  afterAll(async () => {
    for (const d of devices ?? []) d.end(true);
    await s?.close();
  });

  it('stores each fault once with its own id, counts the copies, and links the hazard a fault reveals', async () => {
    const session = admin.session.get()!;
    const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
    const frames: { id: number; code: string; dtu: string }[] = [];
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; data: { id: number; code: string; dtu: string } };
      if (frame.event === 'fault') frames.push(frame.data);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(`${session.username}-${session.orgId}`);

    const duplicatesBefore = s.app.monitoring.ingest.stats.duplicates;
    // The first gateway: 150 faults, the first 40 sent twice in the same burst; the second: 50 faults with the
    // same message ids as the first one's first 50. Fault 7 of the first gateway reveals a hazard.
    const fault = (gw: number, i: number) =>
      JSON.stringify({
        id: `burst-${i}`,
        ts: 1_790_000_000_000 + i,
        code: `B${gw}-${i}`,
        floorCode: '01',
        floor: 1,
        ...(gw === 0 && i === 7 ? { hazardCode: 'H77' } : {}),
      });
    const sends: Promise<void>[] = [];
    for (let i = 0; i < 150; i++) {
      sends.push(publishQos1(devices[0]!, upTopic(gws[0]!.dtu, 'fault'), fault(0, i)));
      if (i < 40) sends.push(publishQos1(devices[0]!, upTopic(gws[0]!.dtu, 'fault'), fault(0, i)));
      if (i < 50) sends.push(publishQos1(devices[1]!, upTopic(gws[1]!.dtu, 'fault'), fault(1, i)));
    }
    await Promise.all(sends);
    // A copy resent after the burst was stored.
    await publishQos1(devices[0]!, upTopic(gws[0]!.dtu, 'fault'), fault(0, 3));

    const rows = await s.store.db
      .selectFrom('faultRecords')
      .select(['id', 'dtuCode', 'msgId', 'faultNo'])
      .where('dtuCode', 'in', [gws[0]!.dtu, gws[1]!.dtu])
      .execute();
    expect(rows.filter((r) => r.dtuCode === gws[0]!.dtu)).toHaveLength(150);
    expect(rows.filter((r) => r.dtuCode === gws[1]!.dtu)).toHaveLength(50);
    // each row is its own message's: the code travels with the message id
    for (const r of rows)
      expect(r.faultNo).toBe(`B${r.dtuCode === gws[0]!.dtu ? 0 : 1}-${r.msgId.slice('burst-'.length)}`);
    expect(s.app.monitoring.ingest.stats.duplicates).toBe(duplicatesBefore + 41);

    // One frame a stored fault, each naming the row of its own message.
    await expect.poll(() => frames.length).toBe(200);
    const codeOf = new Map(rows.map((r) => [Number(r.id), r.faultNo]));
    for (const f of frames) expect(codeOf.get(f.id)).toBe(f.code);
    expect(new Set(frames.map((f) => f.id)).size).toBe(200);

    const hazard = await s.store.db
      .selectFrom('hazardRecords')
      .select(['faultRecordId', 'faultNo'])
      .where('code', '=', 'H77')
      .where('dtuCode', '=', gws[0]!.dtu)
      .execute();
    const seventh = rows.find((r) => r.dtuCode === gws[0]!.dtu && r.msgId === 'burst-7')!;
    expect(hazard).toEqual([{ faultRecordId: Number(seventh.id), faultNo: 'B0-7' }]);
    ws.close();
  });

  it("stores every field of a fault: its floor by the lift's floor mapping, and the optional fields or null", async () => {
    const gw = gws[1]!;
    await admin.entities.floorMapping.save({
      elevatorId: gw.elevatorId,
      faultFloorCode: 'MC07',
      actualFloor: 7,
      displayedFloor: 'B1',
      stopsAtFloor: true,
      statusFloorCode: '07',
    });
    const ts = 1_790_100_000_000;
    await publishQos1(
      devices[1]!,
      upTopic(gw.dtu, 'fault'),
      JSON.stringify({
        id: 'fields-1',
        ts,
        code: 'E35',
        floorCode: 'MC07',
        floor: 3,
        mainBoardTime: ts - 5,
        hex: 'AA55',
        hazardCode: 'H35',
        faultType: 'door',
      }),
    );
    await publishQos1(
      devices[1]!,
      upTopic(gw.dtu, 'fault'),
      JSON.stringify({ id: 'fields-2', ts: ts + 1, code: 'E36', floorCode: 'MC99', floor: 4 }),
    );
    const rows = await s.store.db
      .selectFrom('faultRecords')
      .select([
        'msgId',
        'elevatorId',
        'faultNo',
        'faultType',
        'faultTime',
        'mainBoardTime',
        'faultStorey',
        'faultFloor',
        'displayFaultFloor',
        'faultFloorCode',
        'hex',
        'hazardCode',
      ])
      .where('dtuCode', '=', gw.dtu)
      .where('msgId', 'in', ['fields-1', 'fields-2'])
      .orderBy('msgId')
      .execute();
    expect(rows.map((r) => ({ ...r, elevatorId: Number(r.elevatorId), faultTime: Number(r.faultTime) }))).toEqual([
      {
        msgId: 'fields-1',
        elevatorId: gw.elevatorId,
        faultNo: 'E35',
        faultType: 'door',
        faultTime: ts,
        mainBoardTime: expect.anything(),
        faultStorey: 3,
        faultFloor: 7,
        displayFaultFloor: 'B1',
        faultFloorCode: 'MC07',
        hex: 'AA55',
        hazardCode: 'H35',
      },
      {
        msgId: 'fields-2',
        elevatorId: gw.elevatorId,
        faultNo: 'E36',
        faultType: null,
        faultTime: ts + 1,
        mainBoardTime: null,
        faultStorey: 4,
        faultFloor: 4,
        displayFaultFloor: '4',
        faultFloorCode: 'MC99',
        hex: null,
        hazardCode: null,
      },
    ]);
    expect(Number(rows[0]!.mainBoardTime)).toBe(ts - 5);
  });
});
