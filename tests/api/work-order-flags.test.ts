import {
  WORK_ORDER_FLAGS,
  WORK_ORDER_STATE,
  actOnWorkOrder,
  raiseWorkOrder,
  upTopic,
  type LiftCloudClient,
  type LiveEvent,
  type WorkOrderFlag,
} from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagsFromTimeline } from '../../packages/server/src/db/migrations/031_work_order_flags.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { alarmedElevator } from '../support/alarmedElevator.js';
import { failure } from '../support/errors.js';
import { publishQos1 } from '../support/gateway.js';
import { insertOrder, ownerOf } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** The flags an order carries, as the API answers them: exactly these raised, every other one down. */
const only = (...raised: WorkOrderFlag[]) =>
  Object.fromEntries(WORK_ORDER_FLAGS.map((f) => [f, raised.includes(f)])) as Record<WorkOrderFlag, boolean>;

/**
 * Issue 14: the repair order's alarm flow flags (reported, answered, arrived, finished, recovered, confirmed,
 * auto confirmed, cancelled) are fields the API returns, raised by the work-order service with every move.
 */
describe.each(DIALECTS)('work-order alarm flow flags on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let liftId: number;
  let db: Kysely<LooseDB>;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    db = s.store.db as unknown as Kysely<LooseDB>;
    liftId = (
      await admin.entities.elevator.save({
        name: 'Flag lift',
        factoryNo: `FL-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
      })
    ).id;
  });
  afterAll(async () => s?.close());

  const flagsOf = async (id: number) => {
    const order = await admin.entities.workOrder.get(id);
    return Object.fromEntries(WORK_ORDER_FLAGS.map((f) => [f, order[f]]));
  };
  const raise = async () =>
    (await admin.call(raiseWorkOrder, { body: { elevatorId: liftId, repairMethod: 3, type: 0 } })).id;
  const act = (id: number, action: 'receive' | 'arrive' | 'finish' | 'confirm' | 'cancel') =>
    admin.call(actOnWorkOrder, {
      params: { id, action },
      body:
        action === 'finish'
          ? { handling: 'Reset', faultReason: 'Door' }
          : action === 'cancel'
            ? { reason: 'Test' }
            : {},
    });

  it('raises one flag per move and keeps the earlier ones: reported, answered, arrived, finished, confirmed', async () => {
    const events: LiveEvent[] = [];
    const stop = s.app.monitoring.bus.subscribe((e) => events.push(e));
    const id = await raise();
    expect(await flagsOf(id)).toEqual(only('reported'));
    // a raised order is announced as an alarm-raised one is: the same live frame, action report
    await expect
      .poll(() => events.find((e) => e.type === 'workOrder' && e.data.id === id)?.data)
      .toMatchObject({ id, recordState: WORK_ORDER_STATE.reported, action: 'report' });
    stop();
    await act(id, 'receive');
    expect(await flagsOf(id)).toEqual(only('reported', 'answered'));
    await act(id, 'arrive');
    expect(await flagsOf(id)).toEqual(only('reported', 'answered', 'arrived'));
    await act(id, 'finish');
    expect(await flagsOf(id)).toEqual(only('reported', 'answered', 'arrived', 'finished'));
    await act(id, 'confirm');
    expect(await flagsOf(id)).toEqual(only('reported', 'answered', 'arrived', 'finished', 'confirmed'));
    // the detail (console page, liftctl work-orders get) carries them too
    expect((await admin.workOrders.detail(id)).order).toMatchObject(
      only('reported', 'answered', 'arrived', 'finished', 'confirmed'),
    );
  });

  it('an order finished without arriving is not flagged arrived; a cancelled one only reported and cancelled', async () => {
    const skipped = await raise();
    await act(skipped, 'receive');
    await act(skipped, 'finish');
    expect(await flagsOf(skipped)).toEqual(only('reported', 'answered', 'finished'));
    const cancelled = await raise();
    await act(cancelled, 'cancel');
    expect(await flagsOf(cancelled)).toEqual(only('reported', 'cancelled'));
  });

  it('a refused move raises nothing: of two people receiving at once, one flag and one 409', async () => {
    const id = await raise();
    const other = await s.login('admin');
    const outcomes = await Promise.allSettled([act(id, 'receive'), other.workOrders.act(id, 'receive')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    await act(id, 'cancel');
    const refused = await failure(act(id, 'arrive'));
    expect(refused.status).toBe(409);
    expect(await flagsOf(id)).toEqual(only('reported', 'answered', 'cancelled'));
    const logs = await db.selectFrom('workOrderLogs').select('action').where('workOrderId', '=', id).execute();
    expect(logs.map((l) => l.action)).toEqual(['report', 'receive', 'cancel']);
  });

  it('an alarm-raised order the lift recovers by itself, then confirmed by the platform: recovered and auto confirmed', async () => {
    const lift = await alarmedElevator(s, admin, `8615${dialect === 'sqlite' ? '1' : '2'}000077`);
    try {
      await lift.alarm('flag-1');
      const [order] = (await admin.entities.workOrder.list({ elevatorId: lift.elevatorId })).records;
      expect(await flagsOf(order!.id)).toEqual(only('reported'));
      await publishQos1(
        lift.device,
        upTopic(lift.dtu, 'alarm'),
        JSON.stringify({ id: 'flag-2', ts: Date.now(), type: 1, floor: 5, cleared: true }),
      );
      expect(await flagsOf(order!.id)).toEqual(only('reported', 'recovered'));
      expect(await s.app.monitoring.workOrders.autoConfirm(order!.id, Date.now())).toBe(true);
      expect(await flagsOf(order!.id)).toEqual(only('reported', 'recovered', 'autoConfirmed'));
      expect((await admin.entities.workOrder.get(order!.id)).recordState).toBe(WORK_ORDER_STATE.autoConfirmed);
    } finally {
      lift.device.end(true);
    }
  });

  it('migration 031 gives orders stored before it the flags of their timeline', async () => {
    const owner = await ownerOf(s, liftId);
    const id = await insertOrder(s, owner, WORK_ORDER_STATE.confirmed);
    for (const action of ['report', 'receive', 'finish', 'confirm'])
      await db
        .insertInto('workOrderLogs')
        .values({ workOrderId: id, action, fromState: null, toState: 0, userName: null, note: null, time: 1 })
        .execute();
    await flagsFromTimeline(s.store.db as unknown as Kysely<unknown>);
    expect(await flagsOf(id)).toEqual(only('reported', 'answered', 'finished', 'confirmed'));
  });
});
