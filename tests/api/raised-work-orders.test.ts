import { WORK_ORDER_STATE, actOnWorkOrder, raiseWorkOrder, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

describe.each(DIALECTS)('repair orders raised by people on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let liftId: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    liftId = (
      await admin.entities.elevator.save({
        name: 'Called lift',
        factoryNo: `PH-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
      })
    ).id;
  });
  afterAll(async () => s?.close());

  it('a phone-call order opens in state 0 with its caller, then moves through the same actions to confirmed', async () => {
    const order = await admin.call(raiseWorkOrder, {
      body: {
        elevatorId: liftId,
        repairMethod: 3,
        type: 1,
        contactPerson: 'Li Wei',
        contactTel: '13700000001',
        alarmPersonPhone: '13900000002',
        hasPeople: true,
        propertyName: 'Green Park Property',
      },
    });
    expect(order).toMatchObject({
      elevatorName: 'Called lift',
      repairMethod: 3,
      recordState: WORK_ORDER_STATE.reported,
      hasPeople: true,
      alarmPersonPhone: '13900000002',
      propertyName: 'Green Park Property',
      launcher: 'Demo Administrator',
    });
    const finishing = { handling: 'Released the passengers, reset the door', faultReason: 'Door lock contact' };
    for (const action of ['receive', 'arrive', 'finish', 'confirm'] as const)
      await admin.call(actOnWorkOrder, {
        params: { id: order.id, action },
        body: action === 'finish' ? finishing : {},
      });
    expect(await admin.entities.workOrder.get(order.id)).toMatchObject({
      recordState: WORK_ORDER_STATE.confirmed,
      confirmPeople: 'admin',
    });
    const again = await failure(admin.call(actOnWorkOrder, { params: { id: order.id, action: 'confirm' }, body: {} }));
    expect(again.status).toBe(409);
  });

  it('takes a landline or a mobile as the caller’s phones, and refuses what is not a phone number', async () => {
    const landline = await admin.call(raiseWorkOrder, {
      body: {
        elevatorId: liftId,
        repairMethod: 3,
        type: 0,
        contactTel: '0571-88886666',
        alarmPersonPhone: '+86 137 0000 0009',
      },
    });
    expect(landline).toMatchObject({ contactTel: '0571-88886666', alarmPersonPhone: '+86 137 0000 0009' });
    for (const [field, value] of [
      ['contactTel', 'not-a-phone'],
      ['alarmPersonPhone', '12'],
      ['contactTel', '137 0000 0009 ext'],
    ] as const) {
      const refused = await failure(
        admin.call(raiseWorkOrder, { body: { elevatorId: liftId, repairMethod: 3, type: 0, [field]: value } }),
      );
      expect(refused.status, `${field} ${value}`).toBe(400);
      expect(refused.message).toMatch(/^(Contact phone|Alarm person phone): must be a phone number/);
    }
    const zh = await s.login('admin', undefined, 'zh-CN');
    const refused = await failure(
      zh.call(raiseWorkOrder, { body: { elevatorId: liftId, repairMethod: 2, type: 0, contactTel: 'abc' } }),
    );
    expect(refused.message).toContain('联系电话：必须是电话号码');
  });

  it('refuses the automatic method, another tenant’s lift and a user without 302', async () => {
    const auto = await failure(
      admin.call(raiseWorkOrder, { body: { elevatorId: liftId, repairMethod: 1 as never, type: 0 } }),
    );
    expect(auto.status).toBe(400);
    const coastal = await s.login('coastaladmin');
    const elsewhere = await failure(
      coastal.call(raiseWorkOrder, { body: { elevatorId: liftId, repairMethod: 2, type: 0 } }),
    );
    expect(elsewhere.status).toBe(404);
    const general = await s.login('general');
    expect(
      (await failure(general.call(raiseWorkOrder, { body: { elevatorId: liftId, repairMethod: 3, type: 0 } }))).status,
    ).toBe(403);
  });
});
