import { WORK_ORDER_STATE, type LiftCloudClient, type LiveEvent } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { failure } from '../support/errors.js';
import { insertOrder, ownerOf, type RecordOwner } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** Work-order transitions through the one service, whichever path asks: the action routes and the auto-confirm job. */
describe.each(DIALECTS)('work-order transitions on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let owner: RecordOwner;
  let maintenance: number;
  let db: Kysely<LooseDB>;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    maintenance = s.demo.companies.maintenance!;
    const lift = await admin.entities.elevator.save({
      name: 'Service lift',
      factoryNo: `WS-${dialect}`,
      elevatorType: 1,
      useStatus: 1,
      maintenanceCompanyId: maintenance,
    });
    owner = await ownerOf(s, lift.id);
    db = s.store.db as unknown as Kysely<LooseDB>;
    s.app.monitoring.bus.subscribe((e) => events.push(e));
  });
  afterAll(async () => s?.close());

  const timeline = async (id: number) => (await admin.workOrders.detail(id)).timeline.map((t) => t.action);
  const eventsOf = (id: number) => events.filter((e) => e.type === 'workOrder' && e.data.id === id);

  it('lets only the first of two people acting at once move an order; the other is told its state', async () => {
    const id = await insertOrder(s, owner, WORK_ORDER_STATE.reported);
    const other = await s.login('admin');
    const outcomes = await Promise.allSettled([
      admin.workOrders.act(id, 'receive'),
      other.workOrders.act(id, 'receive'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    const refused = await failure(Promise.reject(lost?.reason));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^This work order is (Alarm reported|Received): it cannot be received now$/);
    expect(await timeline(id)).toEqual(['receive']);
    expect(eventsOf(id)).toHaveLength(1);
  });

  it('tells the elevator’s organisations of each move, with who made it', async () => {
    const id = await insertOrder(s, owner, WORK_ORDER_STATE.reported);
    await admin.workOrders.act(id, 'receive');
    const [event] = eventsOf(id);
    expect(event).toMatchObject({ tenantId: owner.tenantId, elevatorId: owner.elevatorId });
    expect(event!.orgIds).toEqual(expect.arrayContaining([owner.orgId, maintenance]));
    expect(event!.data).toMatchObject({ id, recordState: WORK_ORDER_STATE.received, action: 'receive', by: 'admin' });
    const order = await admin.entities.workOrder.get(id);
    expect(order).toMatchObject({ recordState: WORK_ORDER_STATE.received, acceptorId: s.demo.users.admin });
  });

  it('auto-confirms only an order still as it was read: not one confirmed meanwhile, not a paused one', async () => {
    const now = Date.now();
    const confirmedMeanwhile = await insertOrder(s, owner, WORK_ORDER_STATE.completed);
    const paused = await insertOrder(s, owner, WORK_ORDER_STATE.recovered);
    const waiting = await insertOrder(s, owner, WORK_ORDER_STATE.secondAlarmCompleted);
    await db
      .updateTable('workOrders')
      .set({ finishTime: now - 48 * 3_600_000 })
      .where('id', 'in', [confirmedMeanwhile, paused, waiting])
      .execute();
    await admin.workOrders.pause(paused, true);
    await admin.workOrders.act(confirmedMeanwhile, 'confirm');
    // the job listed it before the person confirmed it: the platform's move does not land
    expect(await s.app.monitoring.workOrders.autoConfirm(confirmedMeanwhile, now)).toBe(false);
    await s.app.monitoring.sweep(now);
    const state = async (id: number) => (await admin.entities.workOrder.get(id)).recordState;
    expect(await state(confirmedMeanwhile)).toBe(WORK_ORDER_STATE.confirmed);
    expect(await state(paused)).toBe(WORK_ORDER_STATE.recovered);
    expect(await state(waiting)).toBe(WORK_ORDER_STATE.autoConfirmed);
    expect(await timeline(confirmedMeanwhile)).toEqual(['confirm']);
    expect(await timeline(paused)).toEqual([]);
    expect(await timeline(waiting)).toEqual(['autoConfirm']);
    expect(eventsOf(waiting).map((e) => e.data)).toEqual([
      expect.objectContaining({ recordState: WORK_ORDER_STATE.autoConfirmed, action: 'autoConfirm' }),
    ]);
    expect(eventsOf(waiting)[0]!.data).not.toHaveProperty('by');
  });
});
