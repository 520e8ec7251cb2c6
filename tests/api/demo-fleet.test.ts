import {
  INSPECTION_RESULT,
  WORK_ORDER_STATE as W,
  OPEN_STATES,
  generateMaintenanceOrders,
  getElectricityStatistics,
} from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET_SIZE, provisionDemoFleet, seedDemoFleet } from '../../packages/server/src/seed/demo-fleet.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;
const isEscalator = (type: unknown) => Number(type) === 6 || Number(type) === 7;

/** Metres between two points (equirectangular: good enough within a city). */
const metres = (a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) => {
  const x = ((a.longitude - b.longitude) * Math.PI * Math.cos((a.latitude * Math.PI) / 180)) / 180;
  const y = ((a.latitude - b.latitude) * Math.PI) / 180;
  return Math.hypot(x, y) * 6_371_000;
};

describe.each(DIALECTS)('the demo tenant as a believable fleet (%s)', (dialect) => {
  let s: TestServer;
  let db: Kysely<LooseDB>;
  let ids: number[];
  const now = Date.now();
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    db = s.store.db as unknown as Kysely<LooseDB>;
    ids = await seedDemoFleet(s.store.db, s.demo, now);
  });
  afterAll(async () => s?.close());

  it('has a few dozen lifts and escalators in several use units and buildings of two cities, where they stand', async () => {
    expect(ids.length).toBe(DEMO_FLEET_SIZE);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    const lifts = await db
      .selectFrom('elevators as e')
      .innerJoin('useUnits as u', 'u.id', 'e.useUnitId')
      .select(['e.id', 'e.elevatorType', 'e.floors', 'e.buildingNo', 'e.factoryNo', 'e.dtuCode', 'e.tenantId'])
      .select(['e.escalatorAngle', 'e.width', 'e.movingWalkSpeed', 'e.movingWalkLength', 'e.movingWalkWidth'])
      .select(['e.longitude', 'e.latitude', 'u.region', 'u.name as useUnit'])
      .select(['u.longitude as uLongitude', 'u.latitude as uLatitude'])
      .where('e.id', 'in', ids)
      .execute();
    expect(lifts).toHaveLength(ids.length);
    expect(new Set(lifts.map((l) => l.tenantId))).toEqual(new Set([s.demo.tenants.demo]));
    expect(new Set(lifts.map((l) => l.useUnit)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(lifts.map((l) => `${String(l.useUnit)}/${String(l.buildingNo)}`)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(lifts.map((l) => String(l.region).split(' ')[0]))).toEqual(new Set(['Shanghai', 'Hangzhou']));
    expect(lifts.filter((l) => isEscalator(l.elevatorType)).length).toBeGreaterThanOrEqual(6);
    expect(lifts.filter((l) => Number(l.elevatorType) === 7).length).toBeGreaterThan(0);
    for (const l of lifts) {
      // within a few hundred metres of its use unit, in eastern China
      const at = { longitude: Number(l.longitude), latitude: Number(l.latitude) };
      expect(metres(at, { longitude: Number(l.uLongitude), latitude: Number(l.uLatitude) })).toBeLessThan(500);
      expect(at.longitude).toBeGreaterThan(119);
      expect(at.latitude).toBeGreaterThan(29);
      // a factory number is the manufacturer's, not the gateway's SIM or DTU
      expect(String(l.factoryNo)).toMatch(/^[A-Z]{2}\d{4}-\d{6}$/);
      expect(String(l.factoryNo)).not.toContain(String(l.dtuCode));
      if (isEscalator(l.elevatorType)) expect(l.floors).toBeNull();
      else expect(Number(l.floors)).toBeGreaterThan(1);
      // a moving walk has its own speed, length, angle and width; an escalator its angle, rise, width, length
      if (Number(l.elevatorType) === 7)
        expect(l).toMatchObject({
          movingWalkSpeed: 0.65,
          movingWalkLength: 42,
          movingWalkWidth: 1000,
          escalatorAngle: null,
        });
      if (Number(l.elevatorType) === 6)
        expect(l).toMatchObject({ escalatorAngle: 30, width: 1000, movingWalkSpeed: null });
    }
    expect(new Set(lifts.map((l) => l.factoryNo)).size).toBe(lifts.length);
  });

  it('has a week of history ending now: runs between floors, faults, calls, alarms and their orders in every state', async () => {
    const types = new Map(
      (await db.selectFrom('elevators').select(['id', 'elevatorType', 'floors']).where('id', 'in', ids).execute()).map(
        (e) => [Number(e.id), e],
      ),
    );
    const runs = await db.selectFrom('eventRecords').selectAll().where('kind', '=', 'run').execute();
    expect(runs.length).toBeGreaterThan(ids.length * 7);
    for (const r of runs) {
      const detail = JSON.parse(String(r.detail)) as Record<string, number>;
      const lift = types.get(Number(r.elevatorId))!;
      expect(isEscalator(lift.elevatorType)).toBe(false);
      expect(detail.startFloor).not.toBe(detail.endFloor);
      expect(Math.max(detail.startFloor!, detail.endFloor!)).toBeLessThanOrEqual(Number(lift.floors));
      expect(Math.min(detail.startFloor!, detail.endFloor!)).toBeGreaterThanOrEqual(1);
      expect(detail.distance).toBeGreaterThan(0);
    }
    const inWeek = (t: unknown) => Number(t) >= now - 7 * DAY && Number(t) <= now;
    expect(runs.every((r) => inWeek(r.eventTime))).toBe(true);
    expect(new Set(runs.map((r) => Math.floor((now - Number(r.eventTime)) / DAY))).size).toBe(7);

    const faults = await db.selectFrom('faultRecords').select(['faultTime', 'elevatorId', 'hazardCode']).execute();
    expect(faults.length).toBeGreaterThan(ids.length);
    expect(faults.every((f) => inWeek(f.faultTime))).toBe(true);
    expect(faults.some((f) => f.hazardCode)).toBe(true);
    expect((await db.selectFrom('hazardRecords').select('id').execute()).length).toBe(
      faults.filter((f) => f.hazardCode).length,
    );
    expect((await db.selectFrom('callRecords').select('id').execute()).length).toBeGreaterThan(10);
    const liftCalls = await db
      .selectFrom('liftCallRecords')
      .select(['elevatorId', 'callTime', 'operationType'])
      .execute();
    expect(liftCalls.length).toBeGreaterThan(10);
    expect(liftCalls.every((c) => inWeek(c.callTime))).toBe(true);
    expect(new Set(liftCalls.map((c) => Number(c.operationType)))).toEqual(new Set([1, 2, 3]));
    expect(liftCalls.some((c) => isEscalator(types.get(Number(c.elevatorId))!.elevatorType))).toBe(false);
    expect((await db.selectFrom('eventRecords').select('id').where('kind', '=', 'powerDown').execute()).length).toBe(2);

    const alarms = await db.selectFrom('alarmRecords').selectAll().execute();
    expect(new Set(alarms.map((a) => Number(a.type)))).toEqual(new Set([0, 1, 2, 3]));
    // escalators have no car: nobody is trapped in one and nobody rings its bell
    for (const a of alarms)
      if (isEscalator(types.get(Number(a.elevatorId))!.elevatorType)) expect([0, 3]).toContain(Number(a.type));

    const orders = await db.selectFrom('workOrders').selectAll().execute();
    const states = new Set(orders.map((o) => Number(o.recordState)));
    for (const state of [W.reported, W.received, W.onSite, W.completed, W.confirmed, W.autoConfirmed])
      expect(states).toContain(state);
    // at most one open order per lift, as the work-order service keeps it
    const open = orders.filter((o) => OPEN_STATES.includes(Number(o.recordState))).map((o) => Number(o.elevatorId));
    expect(new Set(open).size).toBe(open.length);
    // every order's timeline walks its states in order, in time, up to its state now
    const logs = await db.selectFrom('workOrderLogs').selectAll().orderBy('id').execute();
    for (const o of orders) {
      const mine = logs.filter((l) => Number(l.workOrderId) === Number(o.id));
      expect(mine[0]).toMatchObject({ action: 'report', toState: W.reported });
      for (let i = 1; i < mine.length; i++) {
        expect(Number(mine[i]!.fromState)).toBe(Number(mine[i - 1]!.toState));
        expect(Number(mine[i]!.time)).toBeGreaterThanOrEqual(Number(mine[i - 1]!.time));
      }
      expect(Number(mine.at(-1)!.toState)).toBe(Number(o.recordState));
      expect(Number(mine.at(-1)!.time)).toBeLessThanOrEqual(now);
      // raised by an alarm, of its type (the failed inspection's order has none)
      const alarm = alarms.find((a) => Number(a.workOrderId) === Number(o.id));
      if (o.inspectionId === null) expect(Number(alarm?.type)).toBe(Number(o.type));
      if (Number(o.recordState) === W.completed) expect(o.handling).toBeTruthy();
    }

    const maintenance = await db.selectFrom('maintenanceOrders').selectAll().execute();
    expect(maintenance).toHaveLength(ids.length);
    const today = new Date(now).toISOString().slice(0, 10);
    expect(maintenance.some((m) => String(m.planDate) < today && [9, 10].includes(Number(m.status)))).toBe(true);
    expect(maintenance.some((m) => String(m.planDate) > today)).toBe(true);
    // one overdue: accepted, its day gone, not done
    expect(maintenance.some((m) => String(m.planDate) < today && Number(m.status) === 5)).toBe(true);
    // each order's times in the order things happened, none in the future: created, sent, accepted
    const times = (m: Record<string, unknown>) =>
      ['createTime', 'sentTime', 'acceptTime']
        .map((k) => m[k])
        .filter((t) => t !== null)
        .map(Number);
    for (const m of maintenance) {
      const t = times(m);
      expect(t, `order ${String(m.orderNo)}`).toEqual([...t].sort((a, b) => a - b));
      expect(Math.max(...t), `order ${String(m.orderNo)}`).toBeLessThanOrEqual(Date.now());
    }
  });

  it("has each maintenance company's settings and plans that cover every lift once, from after the seeded orders", async () => {
    const admin = await s.login('admin');
    const settings = (await admin.entities.maintenanceSetting.list({ pageSize: 100 })).records;
    const plans = (await admin.entities.maintenancePlan.list({ pageSize: 100 })).records;
    const companies = new Set(plans.map((p) => Number(p.companyId)));
    expect(new Set(settings.map((x) => Number(x.companyId)))).toEqual(companies);
    expect(settings.every((x) => x.autoGenerate === false && x.autoSendDay === 0)).toBe(true);
    const planned = plans.flatMap((p) => p.elevatorIds as number[]).sort((a, b) => a - b);
    expect(planned).toEqual([...ids].sort((a, b) => a - b));
    const today = new Date(now).toISOString().slice(0, 10);
    expect(plans.every((p) => String(p.startDate) > today && p.status === 1)).toBe(true);
    // generating the next month lists an order a lift and a cycle, none on a day the seeded orders cover
    const month = await admin.call(generateMaintenanceOrders, {
      body: {
        from: String(plans[0]!.startDate),
        to: new Date(now + 38 * 86_400_000).toISOString().slice(0, 10),
        dryRun: true,
      },
    });
    expect(month.dryRun).toBe(true);
    expect(month.orders.length).toBeGreaterThanOrEqual(ids.length);
    expect(new Set(month.orders.map((o) => o.elevatorId))).toEqual(new Set(ids));
  });

  it('has a contract per use unit (two expiring within 30 days) and last year’s inspections (five falling due), one failed with its order', async () => {
    const admin = await s.login('admin');
    const contracts = (await admin.entities.contract.list({ pageSize: 100 })).records;
    const units = new Set(
      (await db.selectFrom('elevators').select('useUnitId').where('id', 'in', ids).execute()).map((e) =>
        Number(e.useUnitId),
      ),
    );
    expect(new Set(contracts.map((c) => Number(c.useUnitId)))).toEqual(units);
    // every lift covered by exactly one contract in force today
    const inForce = contracts.filter((c) => [1, 2].includes(Number(c.isOverdue)));
    expect(inForce.flatMap((c) => c.elevatorIds as number[]).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    // what the console's expiry notice polls
    expect((await admin.entities.contract.list({ isOverdue: 2 })).total).toBe(2);
    expect((await admin.entities.contract.list({ isOverdue: 3 })).total).toBe(1);

    const inspections = (await admin.entities.inspection.list({ pageSize: 100 })).records;
    expect(inspections).toHaveLength(ids.length + 1);
    // the annual-inspection notice's window (console yearCheckWindow): one month starting one year back
    const start = new Date(now);
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    const at = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    const due = await admin.crud('yearChecks').list({ startTime: at(start), endTime: at(end) });
    expect(due.total).toBe(5);
    const failed = inspections.filter((i) => Number(i.result) === INSPECTION_RESULT.noPass);
    expect(failed).toHaveLength(1);
    const order = await admin.entities.workOrder.get(Number(failed[0]!.workOrderId));
    expect(order).toMatchObject({ repairMethod: 4, recordState: W.received, inspectionId: failed[0]!.id });
  });

  it('is the demo tenant’s alone: its users read it through the API, the other tenant sees none of it', async () => {
    const admin = await s.login('admin');
    expect((await admin.entities.elevator.list({ pageSize: 100 })).total).toBe(ids.length);
    expect((await admin.entities.workOrder.list()).total).toBeGreaterThan(20);
    expect((await admin.entities.alarmRecord.list({ type: 2 })).total).toBeGreaterThan(0);
    expect((await admin.entities.maintenanceOrder.list()).total).toBe(ids.length);
    const coastal = await s.login('coastaladmin');
    expect((await coastal.entities.elevator.list()).total).toBe(0);
    expect((await coastal.entities.workOrder.list()).total).toBe(0);
    expect((await coastal.entities.faultRecord.list()).total).toBe(0);
    // the North Branch engineer sees the lifts his branch maintains, not the whole fleet
    const engineer = await s.login('companyuser');
    const mine = (await engineer.entities.elevator.list({ pageSize: 100 })).total;
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(ids.length);
  });

  it('hands the simulator each gateway as what it is: escalators as escalators, lifts with their floors', async () => {
    const members = await provisionDemoFleet(s.store.db, DEMO_FLEET_SIZE);
    expect(members).toHaveLength(DEMO_FLEET_SIZE);
    const lifts = await db.selectFrom('elevators').select(['dtuCode', 'elevatorType', 'floors']).execute();
    for (const m of members) {
      const lift = lifts.find((l) => l.dtuCode === m.dtu)!;
      expect(m.escalator).toBe(isEscalator(lift.elevatorType));
      if (!m.escalator) expect(m.floors).toBe(Number(lift.floors));
    }
    // no second lift was made for a gateway the fleet already has
    expect(lifts.filter((l) => String(l.dtuCode).startsWith('86199'))).toHaveLength(DEMO_FLEET_SIZE);
  });

  it('gives every lift a meter with a week of readings, one reset, and the simulator its register to go on from', async () => {
    const meters = await db.selectFrom('meterGateways').select(['code', 'elevatorId']).execute();
    expect(meters).toHaveLength(DEMO_FLEET_SIZE);
    const members = await provisionDemoFleet(s.store.db, DEMO_FLEET_SIZE);
    for (const m of members) {
      expect(m.meter!.gwSn).toBe(`EM-${m.dtu}`);
      const last = await db
        .selectFrom('meterReadings')
        .select('kwh')
        .where('gwSn', '=', m.meter!.gwSn)
        .orderBy('readTime', 'desc')
        .executeTakeFirstOrThrow();
      expect(m.meter!.startKwh).toBe(Number(last.kwh));
    }
    const admin = await s.login('admin');
    const stats = await admin.call(getElectricityStatistics, { query: { period: 2 } });
    expect(stats.rows).toHaveLength(DEMO_FLEET_SIZE);
    expect(stats.rows.filter((r) => r.resets > 0)).toHaveLength(1);
    expect(stats.rows.every((r) => r.total > 0 && r.readings >= 24 * 7)).toBe(true);
  });
});
