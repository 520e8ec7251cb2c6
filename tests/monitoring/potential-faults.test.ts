import { parseLiveFrame, upTopic, type LiftCloudClient, type LiveFrame } from '@liftcloud/client';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const JOB = 'potential-faults';
const DAY = 86_400_000;

/** The hazard frames (type 7) one console receives. */
async function listen(s: TestServer, client: LiftCloudClient) {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const messages: unknown[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  const hazards = () =>
    messages
      .map((m) => parseLiveFrame(m))
      .filter((f): f is Extract<LiveFrame, { event: 'hazard' }> => f !== null && f.event === 'hazard');
  return { hazards, close: () => ws.close() };
}

let n = 0;
const fault = (code: string, ts: number) => JSON.stringify({ id: `pf${++n}`, ts, code, floorCode: '03', floor: 3 });

describe.each(DIALECTS)('potential faults from faults through the broker on %s', (dialect) => {
  let s: TestServer;
  let superAdmin: LiftCloudClient;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  let quiet: TestGateway;
  let device: MqttClient;
  let quietDevice: MqttClient;
  const t0 = Date.now();

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    superAdmin = await s.login('superAdmin');
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000071' : '86100000072');
    quiet = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000073' : '86100000074');
    device = await connectGateway(s.mqttUrl, gw);
    quietDevice = await connectGateway(s.mqttUrl, quiet);
  });
  afterAll(async () => {
    device?.end(true);
    quietDevice?.end(true);
    await s?.close();
  });

  it('refuses a setting breaking the rules, naming the field in the request’s language, and anyone else', async () => {
    const good = { name: 'Door lock', warningValue: 3, statPeriod: 7, details: [{ faultCode: 12, weight: 50 }] };
    const zero = await failure(superAdmin.entities.potentialFaultSetting.save({ ...good, warningValue: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.fieldErrors.map((e) => e.field)).toEqual(['warningValue']);
    expect(zero.message).toContain('Warning value');
    const period = await failure(superAdmin.entities.potentialFaultSetting.save({ ...good, statPeriod: 0 }));
    expect(period.fieldErrors.map((e) => e.field)).toEqual(['statPeriod']);
    const dup = await failure(
      superAdmin.entities.potentialFaultSetting.save({
        ...good,
        details: [
          { faultCode: 12, weight: 50 },
          { faultCode: 12, weight: 20 },
        ],
      }),
    );
    expect(dup.status).toBe(400);
    expect(dup.fieldErrors.map((e) => e.field)).toEqual(['details.1.faultCode']);
    expect(dup.message).toBe('Fault code: duplicate fault code');
    const heavy = await failure(
      superAdmin.entities.potentialFaultSetting.save({ ...good, details: [{ faultCode: 12, weight: 101 }] }),
    );
    expect(heavy.fieldErrors.map((e) => e.field)).toEqual(['details.0.weight']);
    const noCode = await failure(
      superAdmin.entities.potentialFaultSetting.save({ ...good, details: [{ faultCode: 0, weight: 10 }] }),
    );
    expect(noCode.fieldErrors.map((e) => e.field)).toEqual(['details.0.faultCode']);
    // the request's language names the field and the rule
    const zh = await s.login('superAdmin', undefined, 'zh-CN');
    const zhDup = await failure(
      zh.entities.potentialFaultSetting.save({
        ...good,
        details: [
          { faultCode: 12, weight: 50 },
          { faultCode: 12, weight: 20 },
        ],
      }),
    );
    expect(zhDup.message).toBe('故障代码：故障代码重复');
    const it_ = await s.login('superAdmin', undefined, 'it-Italy');
    expect(
      (await failure(it_.entities.potentialFaultSetting.save({ ...good, details: [{ faultCode: 12, weight: 101 }] })))
        .message,
    ).toBe('Peso: da 0 a 100');
    // super admin only: a tenant's admin can neither read nor write settings
    expect((await failure(admin.entities.potentialFaultSetting.list({}))).status).toBe(403);
    expect((await failure(admin.entities.potentialFaultSetting.save(good))).status).toBe(403);
    expect((await superAdmin.entities.potentialFaultSetting.list({})).total).toBe(0);
  });

  it('many faults raise exactly one potential fault, listed with what contributed and notified once', async () => {
    const setting = await superAdmin.entities.potentialFaultSetting.save({
      name: 'Door lock',
      warningValue: 3,
      statPeriod: 7,
      note: 'door lock circuit',
      details: [
        { faultCode: 12, weight: 50 },
        { faultCode: 31, weight: 100 },
      ],
    });
    // a template no elevator uses: its setting scores nobody
    await admin.entities.faultTemplate.save({ name: 'Other controller' });
    await superAdmin.entities.potentialFaultSetting.save({
      name: 'Other controller',
      warningValue: 1,
      statPeriod: 7,
      faultTemplate: 'Other controller',
      details: [{ faultCode: 12, weight: 100 }],
    });
    const live = await listen(s, admin);
    try {
      // below the warning value: 4 × 50 % = 2 < 3
      for (let i = 0; i < 4; i++) await publishQos1(device, upTopic(gw.dtu, 'fault'), fault('12', t0 - 1000 + i));
      // a code no setting lists, and another elevator's faults, count for nothing here
      for (let i = 0; i < 3; i++) await publishQos1(device, upTopic(gw.dtu, 'fault'), fault('99', t0));
      await publishQos1(quietDevice, upTopic(quiet.dtu, 'fault'), fault('31', t0));
      expect((await s.app.jobs.runNow(JOB, t0)).outcome).toBe('ok');
      expect((await admin.entities.potentialFault.list({})).total).toBe(0);

      // many more: 4 × 50 % + 1 (31) + 6 × 50 % = 6 ≥ 3, one potential fault however often the job runs
      await publishQos1(device, upTopic(gw.dtu, 'fault'), fault('31', t0));
      for (let i = 0; i < 6; i++) await publishQos1(device, upTopic(gw.dtu, 'fault'), fault('12', t0 + i));
      expect((await s.app.jobs.runNow(JOB, t0 + 10)).outcome).toBe('ok');
      expect((await s.app.jobs.runNow(JOB, t0 + 20)).outcome).toBe('ok');
      for (let i = 0; i < 10; i++) await publishQos1(device, upTopic(gw.dtu, 'fault'), fault('12', t0 + 30 + i));
      expect((await s.app.jobs.runNow(JOB, t0 + 100)).outcome).toBe('ok');

      const listed = await admin.entities.potentialFault.list({ elevatorId: gw.elevatorId });
      expect(listed.total).toBe(1);
      const pf = listed.records[0]!;
      expect(pf).toMatchObject({
        settingId: setting.id,
        settingName: 'Door lock',
        warningValue: 3,
        statPeriod: 7,
        open: true,
        clearedTime: null,
        // the figures follow the later faults: 20 × 50 % + 1
        score: 11,
        faultCount: 21,
        contributions: [
          { faultCode: 12, count: 20, weight: 50, points: 10 },
          { faultCode: 31, count: 1, weight: 100, points: 1 },
        ],
      });
      // on /potential: one hazard record naming the setting and what contributed (as it was when raised)
      const hazards = await admin.entities.hazardRecord.list({ elevatorId: gw.elevatorId });
      expect(hazards.total).toBe(1);
      expect(hazards.records[0]).toMatchObject({ code: `PF-${setting.id}`, dtuCode: gw.dtu });
      expect(hazards.records[0]!.description).toBe(
        'Door lock: 6 ≥ 3 over 7 days: fault 12 ×10 (weight 50), fault 31 ×1 (weight 100)',
      );
      expect(pf.hazardRecordId).toBe(hazards.records[0]!.id);
      // one notice, naming the potential fault
      await expect.poll(() => live.hazards().length).toBe(1);
      expect(live.hazards()[0]!.data).toMatchObject({
        elevatorId: gw.elevatorId,
        code: `PF-${setting.id}`,
        potentialFaultId: pf.id,
      });
      // nobody else's: the quiet elevator has none, nor has another tenant
      expect((await admin.entities.potentialFault.list({ elevatorId: quiet.elevatorId })).total).toBe(0);
      const coastal = await s.login('coastaladmin');
      expect((await coastal.entities.potentialFault.list({})).total).toBe(0);
      expect((await failure(coastal.entities.potentialFault.get(pf.id))).status).toBe(404);
      expect((await coastal.entities.hazardRecord.list({})).total).toBe(0);

      // once the faults leave the period it clears; faults later raise a new one (and a new notice)
      const later = t0 + 8 * DAY;
      expect((await s.app.jobs.runNow(JOB, later)).outcome).toBe('ok');
      expect(await admin.entities.potentialFault.get(pf.id)).toMatchObject({ open: null });
      expect((await admin.entities.potentialFault.get(pf.id)).clearedTime).not.toBeNull();
      for (let i = 0; i < 3; i++) await publishQos1(device, upTopic(gw.dtu, 'fault'), fault('31', later + i));
      expect((await s.app.jobs.runNow(JOB, later + 10)).outcome).toBe('ok');
      const again = await admin.entities.potentialFault.list({ elevatorId: gw.elevatorId, open: true });
      expect(again.total).toBe(1);
      expect(again.records[0]!.id).not.toBe(pf.id);
      expect(again.records[0]!.score).toBe(3);
      await expect.poll(() => live.hazards().length).toBe(2);
    } finally {
      live.close();
    }
  });
});
