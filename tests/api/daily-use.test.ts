import { ApiError, upTopic, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** The field errors of a refused call: field → message. */
async function refused(p: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError && e.status === 400)
      return Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message]));
    throw e;
  }
  throw new Error('accepted');
}

/** Issue 20, "Daily use": rules the forms and liftctl lacked. */
describe.each(DIALECTS)('daily use rules on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let adminZh: LiftCloudClient;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    adminZh = await s.login('admin', undefined, 'zh-CN');
  });
  afterAll(async () => s?.close());

  it('a rated speed takes at most 2 decimals (the float rule), named in the request language; coordinates 6', async () => {
    const base = { name: `Speed lift ${dialect}`, factoryNo: `SPD-${dialect}`, elevatorType: 1, useStatus: 1 };
    expect(await refused(adminZh.entities.elevator.save({ ...base, ratedSpeed: 1.234 }))).toEqual({
      ratedSpeed: '额定速度(m/s)：最多2位小数',
    });
    const saved = await admin.entities.elevator.save({
      ...base,
      ratedSpeed: 1.75,
      longitude: 121.473701,
      latitude: 31.230416,
    });
    expect(saved).toMatchObject({ ratedSpeed: 1.75, longitude: 121.473701 });
    const update = admin.entities.elevator.save({ id: saved.id, revision: saved.revision, ratedSpeed: 2.345 });
    expect(await refused(update)).toEqual({ ratedSpeed: 'Rated speed (m/s): at most 2 decimals' });
  });

  it('finishing a repair order needs the handling and the fault reason, each named', async () => {
    const dtu = dialect === 'sqlite' ? '86120200001' : '86120200002';
    const gateway = await provisionGateway(s, admin, dtu, { name: `Finish ${dtu}`, factoryNo: `FIN-${dtu}` });
    const device = await connectGateway(s.mqttUrl, gateway);
    try {
      await publishQos1(
        device,
        upTopic(dtu, 'alarm'),
        JSON.stringify({ id: `a-${dtu}`, ts: Date.now(), type: 1, floor: 2 }),
      );
    } finally {
      device.end(true);
    }
    const order = (await admin.entities.workOrder.list({ elevatorId: gateway.elevatorId })).records[0]!;
    await admin.workOrders.act(order.id, 'receive');
    expect(await refused(adminZh.workOrders.act(order.id, 'finish', {}))).toEqual({
      handling: '处理情况：不能为空',
      faultReason: '故障原因：不能为空',
    });
    expect(
      Object.keys(await refused(admin.workOrders.act(order.id, 'finish', { handling: 'reset', faultReason: ' ' }))),
    ).toEqual(['faultReason']);
    expect((await admin.entities.workOrder.get(order.id)).recordState).toBe(1);
    await admin.workOrders.act(order.id, 'finish', { handling: 'reset the door', faultReason: 'dirty sensor' });
    expect(await admin.entities.workOrder.get(order.id)).toMatchObject({ recordState: 3, handling: 'reset the door' });
  });
});
