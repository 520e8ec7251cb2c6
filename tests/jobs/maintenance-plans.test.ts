import {
  MAINTENANCE_ORDER_STATUS as S,
  generateMaintenanceOrders,
  invalidateMaintenancePlan,
  type LiftCloudClient,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../packages/server/src/app.js';
import { addDays, todayUtc } from '../../packages/server/src/services/maintenance/dates.js';
import { generateAhead, MarkMoved, planRow } from '../../packages/server/src/services/maintenance/generate.js';
import { failure } from '../support/errors.js';
import { maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const JOB = 'maintenance-plans';
const DAY = 86_400_000;

/** Plans make orders: every cycle from the start, sent N days ahead, flagged after 24 h; once across restarts and instances. */
describe.each(DIALECTS)('maintenance plan generation on %s', (dialect) => {
  let s: TestServer;
  let second: FastifyInstance;
  let admin: LiftCloudClient;
  let fx: MaintenanceFixture;
  const t0 = Date.now();
  const today = todayUtc(t0);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // another instance on the same store, as a second server would be
    second = await buildApp({ store: s.store, jobs: { timer: false, instanceId: 'second' } });
    admin = await s.login('admin');
    fx = await maintenanceFixture(s, admin, `plans-${dialect}`, { autoSendDay: 3, autoGenerate: true });
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  const plan = async (name: string, startDate: string, endDate: string) =>
    admin.entities.maintenancePlan.save({
      name,
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      elevatorIds: [fx.elevatorId],
      startDate,
      endDate,
      cycle: 15,
    });
  const ordersOf = async (planId: number) =>
    (
      await fx.db
        .selectFrom('maintenanceOrders')
        .select(['planDate', 'status', 'sentTime'])
        .where('planId', '=', planId)
        .orderBy('planDate')
        .execute()
    ).map((r) => ({ planDate: String(r.planDate), status: Number(r.status), sent: r.sentTime !== null }));
  /** Every 15 days from the start up to `to`: what must exist, each once. */
  const expected = (start: string, to: string) => {
    const out: string[] = [];
    for (let d = start; d <= to; d = addDays(d, 15)) out.push(d);
    return out;
  };

  it('makes the orders of a month ahead, every cycle from the start, and sends those whose day has come', async () => {
    const start = addDays(today, -10);
    const p = await plan('Ahead', start, addDays(today, 200));
    await s.app.jobs.runNow(JOB, t0);
    const orders = await ordersOf(p.id);
    expect(orders.map((o) => o.planDate)).toEqual(expected(start, addDays(today, 30)));
    // auto-send 3 days before: the order 10 days ago is sent; the ones 5 and 20 days ahead wait in plan
    expect(orders.map((o) => o.status)).toEqual([S.sent, S.inPlan, S.inPlan]);
  });

  it('neither doubles nor skips across a restart and two instances running at once', async () => {
    const start = addDays(today, -40);
    const p = await plan('Restarts', start, addDays(today, 300));
    await Promise.all([s.app.jobs.runNow(JOB, t0), second.jobs.runNow(JOB, t0)]);
    expect((await ordersOf(p.id)).map((o) => o.planDate)).toEqual(expected(start, addDays(today, 30)));
    // the second instance restarts; passes a week and three weeks on, on both instances at once
    await second.close();
    second = await buildApp({ store: s.store, jobs: { timer: false, instanceId: 'second-restarted' } });
    for (const later of [7, 21]) {
      const t = t0 + later * DAY;
      await Promise.all([second.jobs.runDue(t), s.app.jobs.runDue(t), second.jobs.runNow(JOB, t)]);
    }
    const dates = (await ordersOf(p.id)).map((o) => o.planDate);
    expect(dates).toEqual(expected(start, addDays(today, 21 + 30)));
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('two passes over one plan at once, past the lease: one moves the mark, the other is rolled back', async () => {
    const start = addDays(today, -20);
    const p = await plan('Raced', start, addDays(today, 100));
    const row = await fx.db.selectFrom('maintenancePlans').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    const db = s.store.db as unknown as Parameters<typeof generateAhead>[0];
    const outcomes = await Promise.allSettled([
      generateAhead(db, planRow(row), t0),
      generateAhead(db, planRow(row), t0),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(MarkMoved);
    expect((await ordersOf(p.id)).map((o) => o.planDate)).toEqual(expected(start, addDays(today, 30)));
  });

  it('generates on demand for a range, a dry run only listing, never repeating an order the job made', async () => {
    const start = addDays(today, 60);
    const p = await plan('On demand', start, addDays(today, 120));
    const body = { from: start, to: addDays(today, 120), planId: p.id };
    const dry = await admin.call(generateMaintenanceOrders, { body: { ...body, dryRun: true } });
    expect(dry).toMatchObject({ created: 0, dryRun: true });
    expect(dry.orders.map((o) => o.planDate)).toEqual(expected(start, addDays(today, 120)));
    expect(await ordersOf(p.id)).toEqual([]);
    // two people generating the same range at once: each order made once
    const [a, b] = await Promise.all([
      admin.call(generateMaintenanceOrders, { body }),
      (await s.login('admin')).call(generateMaintenanceOrders, { body }),
    ]);
    expect(a.created + b.created).toBe(dry.orders.length);
    expect((await ordersOf(p.id)).map((o) => o.planDate)).toEqual(dry.orders.map((o) => o.planDate));
    const again = await admin.call(generateMaintenanceOrders, { body: { ...body, dryRun: true } });
    expect(again.orders).toEqual([]);
    const backwards = await failure(
      admin.call(generateMaintenanceOrders, { body: { ...body, to: addDays(start, -1) } }),
    );
    expect(backwards.fieldErrors[0]).toMatchObject({ field: 'to', rule: 'validation.rangeOrder' });
  });

  it('makes no more orders for an invalidated plan', async () => {
    const start = addDays(today, 5);
    const p = await plan('Stopped', start, addDays(today, 200));
    await admin.call(invalidateMaintenancePlan, { params: { id: p.id }, body: { invalidReason: 'Sold' } });
    await s.app.jobs.runNow(JOB, t0 + 30 * DAY);
    expect(await ordersOf(p.id)).toEqual([]);
    const dry = await admin.call(generateMaintenanceOrders, {
      body: { from: start, to: addDays(today, 200), planId: p.id, dryRun: true },
    });
    expect(dry.orders).toEqual([]);
  });

  it('flags an order not accepted within 24 hours and lists it to the expiry notice (322)', async () => {
    const order = await admin.entities.maintenanceOrder.save({
      elevatorId: fx.elevatorId,
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      worker1Id: fx.workerId,
      planDate: today,
    });
    const fresh = await admin.entities.maintenanceOrder.save({
      elevatorId: fx.elevatorId,
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      worker1Id: fx.workerId,
      planDate: addDays(today, 1),
    });
    await fx.db
      .updateTable('maintenanceOrders')
      .set({ status: S.sent, sentTime: t0 - 25 * 3_600_000 })
      .where('id', '=', order.id)
      .execute();
    await fx.db
      .updateTable('maintenanceOrders')
      .set({ status: S.sent, sentTime: t0 - 23 * 3_600_000 })
      .where('id', '=', fresh.id)
      .execute();
    await s.app.jobs.runNow(JOB, t0);
    const worker = await s.login('companyuser');
    const notice = await worker
      .crud<{ id: number; status: number }>('maintenanceOrder')
      .list({ recentNotAccept: true });
    expect(notice.records.map((r) => r.id)).toContain(order.id);
    expect(notice.records.map((r) => r.id)).not.toContain(fresh.id);
    expect(notice.records.find((r) => r.id === order.id)?.status).toBe(S.notAccepted);
    const viewer = await s.login('general');
    expect((await failure(viewer.crud('maintenanceOrder').list({ recentNotAccept: true }))).status).toBe(403);
    const timeline = await fx.db
      .selectFrom('maintenanceOrderLogs')
      .select('action')
      .where('orderId', '=', order.id)
      .execute();
    expect(timeline.map((t) => t.action)).toEqual(['expire']);
  });
});
