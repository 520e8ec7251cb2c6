import type { LiftCloudClient } from '@liftcloud/client';
import { invalidateMaintenancePlan } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { xlsx } from '../support/xlsx.js';
import { ITEMS, maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** Each rule of domain.md §5 Maintenance, refused with a message naming the field and the rule in the caller's language. */
describe.each(DIALECTS)('maintenance rules on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let zh: LiftCloudClient;
  let it_: LiftCloudClient;
  let fx: MaintenanceFixture;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    zh = await s.login('admin', undefined, 'zh-CN');
    it_ = await s.login('admin', undefined, 'it-Italy');
    fx = await maintenanceFixture(s, admin, `rules-${dialect}`);
  });
  afterAll(async () => s?.close());

  const refused = async (p: Promise<unknown>) => {
    const e = await failure(p);
    return { status: e.status, rules: Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.rule])), e };
  };
  const plan = (over: Record<string, unknown> = {}) => ({
    name: 'Plan',
    maintenanceTypeId: fx.typeId,
    companyId: fx.companyId,
    elevatorIds: [fx.elevatorId],
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    cycle: 15,
    ...over,
  });

  it('a maintenance type needs its name, elevator type, classification and every item part', async () => {
    const r = await refused(
      admin.entities.maintenanceType.save({
        name: 'T',
        elevatorType: 1,
        classification: 1,
        items: [{ ...ITEMS[0]!, requirement: '' }],
      }),
    );
    expect(r).toMatchObject({ status: 400, rules: { 'items.0.requirement': 'validation.required' } });
    const empty = await refused(
      zh.entities.maintenanceType.save({ name: 'T', elevatorType: 1, classification: 1, items: [] }),
    );
    expect(empty.rules).toEqual({ items: 'validation.required' });
    expect(empty.e.message).toContain('维保项');
    const badArea = await refused(
      admin.entities.maintenanceType.save({
        name: 'T',
        elevatorType: 1,
        classification: 1,
        items: [{ ...ITEMS[0]!, area: 9 }],
      }),
    );
    expect(badArea.status).toBe(400);
  });

  it('settings: auto-send day 0 to 7, cycle 1 to 90 days, distance above 0, one row per company', async () => {
    const base = {
      companyId: s.demo.companies.maintenance!,
      autoSendDay: 3,
      cycle: 15,
      distance: 100,
      signInMethod: 1 as const,
    };
    expect((await refused(admin.entities.maintenanceSetting.save({ ...base, autoSendDay: 8 }))).rules).toEqual({
      autoSendDay: 'rule.autoSendDay',
    });
    const cycle = await refused(it_.entities.maintenanceSetting.save({ ...base, cycle: 91 }));
    expect(cycle.rules).toEqual({ cycle: 'rule.maintenanceCycle' });
    expect(cycle.e.message).toContain('da 1 a 90 giorni');
    expect((await refused(admin.entities.maintenanceSetting.save({ ...base, cycle: 0 }))).rules).toEqual({
      cycle: 'rule.maintenanceCycle',
    });
    expect((await refused(admin.entities.maintenanceSetting.save({ ...base, distance: 0 }))).rules).toEqual({
      distance: 'validation.exclusiveMinimum',
    });
    const kept = await admin.entities.maintenanceSetting.save({ ...base, autoSendDay: 0 });
    expect(kept).toMatchObject({ autoSendDay: 0, cycle: 15 });
    const twice = await refused(admin.entities.maintenanceSetting.save(base));
    expect(twice).toMatchObject({ status: 409, rules: { companyId: 'validation.duplicate' } });
  });

  it('a plan is never empty, holds no elevator twice, starts before it ends, and its cycle is within 1..90 days', async () => {
    expect((await refused(admin.entities.maintenancePlan.save(plan({ elevatorIds: [] })))).rules).toEqual({
      elevatorIds: 'rule.planEmpty',
    });
    const twice = await refused(
      zh.entities.maintenancePlan.save(plan({ elevatorIds: [fx.elevatorId, fx.elevatorId] })),
    );
    expect(twice.rules).toEqual({ elevatorIds: 'rule.planElevatorDuplicate' });
    expect(twice.e.message).toContain('不能重复添加');
    expect(
      (await refused(admin.entities.maintenancePlan.save(plan({ startDate: '2026-05-01', endDate: '2026-04-01' }))))
        .rules,
    ).toEqual({ endDate: 'validation.rangeOrder' });
    expect((await refused(admin.entities.maintenancePlan.save(plan({ cycle: 91 })))).rules).toEqual({
      cycle: 'rule.maintenanceCycle',
    });
  });

  it("a plan's interval cannot exceed the maintenance cycle of its company's settings", async () => {
    const r = await refused(admin.entities.maintenancePlan.save(plan({ cycle: 16 })));
    expect(r.rules).toEqual({ cycle: 'rule.planIntervalOverCycle' });
    expect(r.e.message).toContain('15 days');
  });

  it('a plan refuses an elevator with no maintenance company or no maintainer', async () => {
    const bare = await admin.entities.elevator.save({
      name: 'Bare',
      factoryNo: `B-${dialect}`,
      elevatorType: 1,
      useStatus: 1,
    });
    const r = await refused(admin.entities.maintenancePlan.save(plan({ elevatorIds: [bare.id] })));
    expect(r.rules).toEqual({ elevatorIds: 'rule.planElevatorUnassigned' });
    expect(r.e.message).toContain('Bare');
  });

  it('an invalidated plan cannot be restored or changed', async () => {
    const p = await admin.entities.maintenancePlan.save(plan());
    expect(p.status).toBe(1);
    await admin.call(invalidateMaintenancePlan, { params: { id: p.id }, body: { invalidReason: 'Contract ended' } });
    const after = await admin.entities.maintenancePlan.get(p.id);
    expect(after).toMatchObject({ status: 2, invalidReason: 'Contract ended' });
    const edit = await refused(admin.entities.maintenancePlan.save({ id: p.id, name: 'Back again' }));
    expect(edit).toMatchObject({ status: 409, rules: { status: 'rule.planInvalidated' } });
    const again = await refused(
      admin.call(invalidateMaintenancePlan, { params: { id: p.id }, body: { invalidReason: 'twice' } }),
    );
    expect(again.status).toBe(409);
    expect((await admin.entities.maintenancePlan.get(p.id)).name).toBe('Plan');
  });

  it('an elevator: maintainers need a company and none twice; in a plan, a company and at least one maintainer', async () => {
    const base = { name: 'Lift', elevatorType: 1 as const, useStatus: 1 as const };
    const worker = fx.workerId;
    const twice = await refused(
      admin.entities.elevator.save({
        ...base,
        factoryNo: `E2-${dialect}`,
        maintenanceCompanyId: fx.companyId,
        maintainerIds: [worker, worker],
      }),
    );
    expect(twice.rules).toEqual({ maintainerIds: 'rule.maintainerDuplicate' });
    const noCompany = await refused(
      zh.entities.elevator.save({ ...base, factoryNo: `E3-${dialect}`, maintainerIds: [worker] }),
    );
    expect(noCompany.rules).toEqual({ maintenanceCompanyId: 'rule.maintenanceCompanyRequired' });
    expect(noCompany.e.message).toContain('请选择维保单位');
    // once in an active plan, it keeps a company and at least one maintainer
    const lift = await admin.entities.elevator.save({
      ...base,
      factoryNo: `E4-${dialect}`,
      maintenanceCompanyId: fx.companyId,
      maintainerIds: [worker],
    });
    await admin.entities.maintenancePlan.save(plan({ name: 'Keeps maintainers', elevatorIds: [lift.id] }));
    const emptied = await refused(admin.entities.elevator.save({ id: lift.id, maintainerIds: [] }));
    expect(emptied.rules).toEqual({ maintainerIds: 'rule.maintainersRequired' });
    const noLongerMaintained = await refused(admin.entities.elevator.save({ id: lift.id, maintenanceCompanyId: null }));
    expect(noLongerMaintained.rules).toEqual({ maintenanceCompanyId: 'rule.maintenanceCompanyRequired' });
    expect((await failure(admin.entities.elevator.remove(lift.id))).status).toBe(409);
  });

  it('an order needs worker 1 and not the same worker twice; a spot check only a done order', async () => {
    const base = {
      elevatorId: fx.elevatorId,
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      worker1Id: fx.workerId,
      planDate: '2026-03-01',
    };
    expect((await refused(admin.entities.maintenanceOrder.save({ ...base, worker2Id: fx.workerId }))).rules).toEqual({
      worker2Id: 'rule.maintainerDuplicate',
    });
    const order = await admin.entities.maintenanceOrder.save(base);
    expect(order).toMatchObject({ status: 1, orderNo: expect.stringMatching(/^M20260301/) });
    expect(order.items).toEqual(ITEMS.map((i) => ({ ...i, condition: 0 })));
    const check = await refused(
      admin.entities.spotCheck.save({
        checkNo: `SC-${dialect}`,
        orderId: order.id,
        inspector: 'Inspector',
        checkDate: '2026-03-02',
        score: 90,
        rectificationStatus: 1,
      }),
    );
    expect(check.rules).toEqual({ orderId: 'rule.spotCheckOrderNotCompleted' });
    await fx.db.updateTable('maintenanceOrders').set({ status: 9 }).where('id', '=', order.id).execute();
    const kept = await admin.entities.spotCheck.save({
      checkNo: `SC-${dialect}`,
      orderId: order.id,
      inspector: 'Inspector',
      checkDate: '2026-03-02',
      score: 90,
      rectificationStatus: 1,
    });
    expect(kept.orderNo).toBe(order.orderNo);
    expect((await refused(admin.entities.spotCheck.save({ id: kept.id, score: 101 }))).rules).toEqual({
      score: 'validation.maximum',
    });
  });

  it('imports plans from xlsx through the import pipeline, refusing bad rows with their row and column', async () => {
    const header = ['Name', 'Maintenance type', 'Maintenance company', 'Elevators', 'Start', 'End', 'Cycle (days)'];
    const row = (name: string, elevators: string, start: string, end: string, cycle: number) => [
      name,
      fx.typeId,
      fx.companyId,
      elevators,
      start,
      end,
      cycle,
    ];
    const upload = async (rows: (string | number)[][]) =>
      admin.imports.upload('maintenancePlan', new Blob([new Uint8Array(await xlsx([header, ...rows]))]), {
        fileName: 'plans.xlsx',
      });
    const bad = await failure(
      upload([
        row('Imported A', String(fx.elevatorId), '2026-01-01', '2026-12-31', 15),
        row('Imported B', `${fx.elevatorId},${fx.elevatorId}`, '2026-01-01', '2026-12-31', 15),
        row('Imported C', String(fx.elevatorId), '2026-06-01', '2026-01-01', 91),
      ]),
    );
    expect(bad).toMatchObject({ status: 400, key: 'import.invalidRows' });
    const rows = bad.fieldErrors as unknown as { row: number; column: string; rule: string }[];
    expect(rows.map((e) => [e.row, e.rule])).toEqual(
      expect.arrayContaining([
        [3, 'rule.planElevatorDuplicate'],
        [4, 'validation.rangeOrder'],
        [4, 'rule.maintenanceCycle'],
      ]),
    );
    // nothing half-written: the good row waits for a file with no bad ones
    expect((await admin.entities.maintenancePlan.list({ name: 'Imported' })).total).toBe(0);
    expect(await upload([row('Imported A', String(fx.elevatorId), '2026-01-01', '2026-12-31', 15)])).toMatchObject({
      created: 1,
    });
    const [plan] = (await admin.entities.maintenancePlan.list({ name: 'Imported A' })).records;
    expect(plan).toMatchObject({ elevatorIds: [fx.elevatorId], cycle: 15, status: 1 });
  });
});
