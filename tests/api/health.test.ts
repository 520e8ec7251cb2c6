import { listHealth, upTopic, type LiftCloudClient } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

let n = 0;
const msg = (body: Record<string, unknown>) => JSON.stringify({ id: `hi${++n}`, ts: Date.now() - 1000, ...body });

describe.each(DIALECTS)('health index on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let device: MqttClient;
  let maint: MaintenanceFixture;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000081' : '86100000082');
    device = await connectGateway(s.mqttUrl, gw);
    maint = await maintenanceFixture(s, admin, `health-${dialect}`);
  });
  afterAll(async () => {
    device?.end(true);
    await s?.close();
  });

  it('lowers an elevator for its faults, hazards, potential faults and overdue maintenance, with the reasons', async () => {
    // 15 faults (−30), 2 hazards (−10), and the potential fault they raise (−15): 45, low
    for (let i = 0; i < 15; i++)
      await publishQos1(device, upTopic(gw.dtu, 'fault'), msg({ code: '12', floorCode: '02', floor: 2 }));
    for (let i = 0; i < 2; i++)
      await publishQos1(device, upTopic(gw.dtu, 'event'), msg({ kind: 'hazard', code: 'H07', description: 'Gap' }));
    const superAdmin = await s.login('superAdmin');
    await superAdmin.entities.potentialFaultSetting.save({
      name: 'Health door lock',
      warningValue: 10,
      statPeriod: 7,
      details: [{ faultCode: 12, weight: 100 }],
    });
    expect((await s.app.jobs.runNow('potential-faults', Date.now())).outcome).toBe('ok');
    // two maintenance orders past their plan date and not done (−20): 80, still high
    for (const planDate of ['2026-01-05', '2026-01-20'])
      await admin.entities.maintenanceOrder.save({
        elevatorId: maint.elevatorId,
        maintenanceTypeId: maint.typeId,
        companyId: maint.companyId,
        worker1Id: maint.workerId,
        planDate,
      });

    const all = await admin.call(listHealth, { query: { elevatorIds: `${gw.elevatorId},${maint.elevatorId}` } });
    expect(all.map((h) => h.elevatorId)).toEqual([gw.elevatorId, maint.elevatorId]);
    const [worn, late] = all;
    expect(worn).toMatchObject({ score: 45, level: 1 });
    expect(worn!.reasons).toEqual([
      { factor: 'faults', value: 15, points: 30 },
      { factor: 'hazards', value: 2, points: 10 },
      { factor: 'potentialFaults', value: 1, points: 15 },
    ]);
    expect(late).toMatchObject({
      score: 80,
      level: 3,
      reasons: [{ factor: 'overdueMaintenance', value: 2, points: 20 }],
    });

    // --below middle: only the low one; --below high: low and middle ones, never the high one
    const below = await admin.call(listHealth, { query: { below: 'middle' } });
    expect(below.map((h) => h.elevatorId)).toContain(gw.elevatorId);
    expect(below.every((h) => h.level === 1)).toBe(true);
    expect((await admin.call(listHealth, { query: { below: 'high' } })).map((h) => h.elevatorId)).not.toContain(
      maint.elevatorId,
    );
    // without elevatorIds: every elevator the caller sees, lowest first
    const everything = await admin.call(listHealth, {});
    expect(everything.length).toBeGreaterThanOrEqual(2);
    expect(everything[0]!.elevatorId).toBe(gw.elevatorId);
  });

  it('shows another tenant nothing of these elevators, and refuses a bad level naming the field', async () => {
    const coastal = await s.login('coastaladmin');
    const theirs = await coastal.call(listHealth, { query: { elevatorIds: `${gw.elevatorId},${maint.elevatorId}` } });
    expect(theirs).toEqual([]);
    expect((await coastal.call(listHealth, {})).map((h) => h.elevatorId)).not.toContain(gw.elevatorId);
    const bad = await failure(admin.call(listHealth, { query: { below: 'worst' as 'low' } }));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors[0]?.field).toBe('below');
  });
});
