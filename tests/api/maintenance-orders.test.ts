import {
  voidContract,
  MAINTENANCE_ORDER_STATUS as S,
  MAINTENANCE_USER_ACTIONS,
  acceptMaintenanceOrder,
  completeMaintenanceOrder,
  confirmMaintenanceOrder,
  getMaintenanceOrderDetail,
  invalidateMaintenanceOrder,
  maintenanceOrderStatus,
  nextMaintenanceStatus,
  recordMaintenanceItem,
  sendMaintenanceOrder,
  signInMaintenanceOrder,
  type LiftCloudClient,
  type MaintenanceUserAction,
} from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { png } from '../support/files.js';
import { FAR, ITEMS, NEAR, maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const today = () => new Date().toISOString().slice(0, 10);
const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

/** Every move of the maintenance order, allowed and refused, through the routes and the one service. */
describe.each(DIALECTS)('maintenance order moves on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let worker: LiftCloudClient;
  let fx: MaintenanceFixture;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    worker = await s.login('companyuser');
    fx = await maintenanceFixture(s, admin, `orders-${dialect}`);
  });
  afterAll(async () => s?.close());

  const newOrder = async (planDate = today()) =>
    (
      await admin.entities.maintenanceOrder.save({
        elevatorId: fx.elevatorId,
        maintenanceTypeId: fx.typeId,
        companyId: fx.companyId,
        worker1Id: fx.workerId,
        planDate,
      })
    ).id;
  const setStatus = (id: number, status: number, extra: Record<string, unknown> = {}) =>
    fx.db
      .updateTable('maintenanceOrders')
      .set({ status, ...extra })
      .where('id', '=', id)
      .execute();
  const statusOf = async (id: number) => (await admin.entities.maintenanceOrder.get(id)).status;
  const upload = async (client: LiftCloudClient, id: number, name = 'sign.png') =>
    (await client.attachments.upload('maintenanceOrder', id, blob(png()), { fileName: name })).id;
  const processedItems = JSON.stringify(ITEMS.map((i) => ({ ...i, condition: 2 })));

  /** The action, taken by whoever takes it, with what it must carry. */
  async function act(action: MaintenanceUserAction, id: number): Promise<unknown> {
    const params = { id };
    switch (action) {
      case 'send':
        return admin.call(sendMaintenanceOrder, { params });
      case 'accept':
        return worker.call(acceptMaintenanceOrder, { params });
      case 'signIn':
        return worker.call(signInMaintenanceOrder, { params, body: NEAR });
      case 'record':
        return worker.call(recordMaintenanceItem, { params: { id, index: 0 }, body: { condition: 2 } });
      case 'complete':
        return worker.call(completeMaintenanceOrder, {
          params,
          body: { workerSignatureFileId: await upload(worker, id) },
        });
      case 'confirm':
        return admin.call(confirmMaintenanceOrder, {
          params,
          body: { evaluation: 4, useUnitSignatureFileId: await upload(admin, id) },
        });
      case 'invalidate':
        return admin.call(invalidateMaintenanceOrder, { params, body: { invalidReason: 'Duplicate' } });
    }
  }

  const statuses = maintenanceOrderStatus.options.map((o) => o.code);
  for (const action of MAINTENANCE_USER_ACTIONS)
    it(`${action}: allowed exactly from the statuses the workflow names, refused (409) from the others`, async () => {
      for (const from of statuses) {
        const id = await newOrder();
        await setStatus(id, from, { items: processedItems });
        const to = nextMaintenanceStatus(from, action);
        if (to === null) {
          const e = await failure(act(action, id));
          expect(e.status, `${action} from ${from}`).toBe(409);
          expect(e.message).toMatch(/^This maintenance order is .+: it cannot be .+ now$/);
          expect(await statusOf(id)).toBe(from);
        } else {
          await act(action, id);
          expect(await statusOf(id), `${action} from ${from}`).toBe(to);
        }
      }
    });

  it('lets only the first of two workers accepting at once move an order; the other is told 409', async () => {
    const id = await newOrder();
    await setStatus(id, S.sent);
    const other = await s.login('companyuser');
    const outcomes = await Promise.allSettled([
      worker.call(acceptMaintenanceOrder, { params: { id } }),
      other.call(acceptMaintenanceOrder, { params: { id } }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect((await failure(Promise.reject(lost?.reason))).status).toBe(409);
    const { timeline } = await admin.call(getMaintenanceOrderDetail, { params: { id } });
    expect(timeline.map((t) => t.action)).toEqual(['create', 'accept']);
  });

  it('keeps item records of two workers at once: each one kept, none silently overwritten', async () => {
    const id = await newOrder();
    await setStatus(id, S.signedIn);
    const other = await s.login('companyuser');
    const outcomes = await Promise.allSettled([
      worker.call(recordMaintenanceItem, { params: { id, index: 0 }, body: { condition: 2 } }),
      other.call(recordMaintenanceItem, { params: { id, index: 1 }, body: { condition: 3 } }),
    ]);
    const order = await admin.entities.maintenanceOrder.get(id);
    const marked = order.items!.filter((i) => i.condition !== 0).length;
    // each landed record is kept; a lost one is told so (never silently overwritten)
    expect(marked).toBe(outcomes.filter((o) => o.status === 'fulfilled').length);
  });

  it('refuses sign-in beyond the distance, naming it, and from anyone but the order’s workers', async () => {
    const id = await newOrder();
    await setStatus(id, S.accepted);
    const far = await failure(worker.call(signInMaintenanceOrder, { params: { id }, body: FAR }));
    expect(far.status).toBe(400);
    expect(far.fieldErrors[0]).toMatchObject({ field: 'latitude', rule: 'maint.tooFar' });
    expect(far.message).toMatch(/you are \d+ m from the elevator; sign in within 200 m/);
    const stranger = await failure(admin.call(signInMaintenanceOrder, { params: { id }, body: NEAR }));
    expect(stranger.status).toBe(403);
    const near = await worker.call(signInMaintenanceOrder, { params: { id }, body: NEAR });
    expect(near.distance).toBeLessThan(200);
    expect(await statusOf(id)).toBe(S.signedIn);
  });

  it('completes only with every item processed, its evidence, and a signature of this order', async () => {
    const id = await newOrder();
    await setStatus(id, S.inExecution);
    const sig = await upload(worker, id);
    const open = await failure(
      worker.call(completeMaintenanceOrder, { params: { id }, body: { workerSignatureFileId: sig } }),
    );
    expect(open.fieldErrors.map((f) => `${f.field} ${f.rule}`)).toEqual([
      'items.0 maint.itemNotProcessed',
      'items.1 maint.itemNotProcessed',
    ]);
    const otherOrder = await newOrder();
    const foreignFile = await upload(worker, otherOrder);
    const wrongFile = await failure(
      worker.call(recordMaintenanceItem, {
        params: { id, index: 0 },
        body: { condition: 2, photoFileIds: [foreignFile] },
      }),
    );
    expect(wrongFile.fieldErrors[0]).toMatchObject({ field: 'photoFileIds', rule: 'validation.reference' });
    // with photos required by the settings, an item without one holds completion back
    const settings = (await admin.entities.maintenanceSetting.list({ companyId: fx.companyId })).records[0]!;
    await admin.entities.maintenanceSetting.save({ id: settings.id, photoRequired: true });
    try {
      const photo = await upload(worker, id, 'brake.png');
      await worker.call(recordMaintenanceItem, {
        params: { id, index: 0 },
        body: { condition: 2, photoFileIds: [photo] },
      });
      await worker.call(recordMaintenanceItem, { params: { id, index: 1 }, body: { condition: 4, text: 'Sill worn' } });
      const noPhoto = await failure(
        worker.call(completeMaintenanceOrder, { params: { id }, body: { workerSignatureFileId: sig } }),
      );
      expect(noPhoto.fieldErrors).toEqual([
        expect.objectContaining({ field: 'items.1', rule: 'maint.evidenceRequired' }),
      ]);
      expect(noPhoto.message).toContain('needs a photo');
      await worker.call(recordMaintenanceItem, { params: { id, index: 1 }, body: { condition: 1 } });
      await worker.call(completeMaintenanceOrder, {
        params: { id },
        body: { workerSignatureFileId: sig, completion: 'All done' },
      });
    } finally {
      await admin.entities.maintenanceSetting.save({ id: settings.id, photoRequired: false });
    }
    const done = await admin.entities.maintenanceOrder.get(id);
    expect(done).toMatchObject({ status: S.completed, maintenanceDate: today(), timing: 3, completion: 'All done' });
    expect(done.items!.map((i) => i.condition)).toEqual([2, 1]);
  });

  it('derives timing: done before the plan date in advance, after it overdue, past and not done overdue', async () => {
    const advance = await newOrder('2099-01-01');
    const late = await newOrder('2020-01-01');
    const waiting = await newOrder('2020-01-01');
    const future = await newOrder('2099-01-01');
    await setStatus(advance, S.completed, { maintenanceDate: today() });
    await setStatus(late, S.completed, { maintenanceDate: today() });
    const timing = async (id: number) => (await admin.entities.maintenanceOrder.get(id)).timing;
    expect(await timing(advance)).toBe(2);
    expect(await timing(late)).toBe(1);
    expect(await timing(waiting)).toBe(1);
    expect(await timing(future)).toBeNull();
    // the list filters by it too (/maintWork's timing filter)
    const ids = async (t: number) =>
      (await admin.entities.maintenanceOrder.list({ timing: t, pageSize: 200 })).records.map((r) => r.id);
    expect(await ids(2)).toContain(advance);
    expect(await ids(2)).not.toContain(late);
    expect(await ids(1)).toEqual(expect.arrayContaining([late, waiting]));
    expect(await ids(1)).not.toContain(future);
    expect(await ids(1)).not.toContain(advance);
  });

  it('walks an order from created to confirmed, with its timeline; its fields are locked once accepted', async () => {
    const id = await newOrder();
    await admin.call(sendMaintenanceOrder, { params: { id } });
    await worker.call(acceptMaintenanceOrder, { params: { id } });
    const locked = await failure(admin.entities.maintenanceOrder.save({ id, planDate: '2030-01-01' }));
    expect(locked.status).toBe(409);
    await worker.call(signInMaintenanceOrder, { params: { id }, body: NEAR });
    for (const index of [0, 1])
      await worker.call(recordMaintenanceItem, { params: { id, index }, body: { condition: 2 } });
    const detail = await worker.call(getMaintenanceOrderDetail, { params: { id } });
    expect(detail.allowedActions).toEqual(['record', 'complete', 'invalidate']);
    await worker.call(completeMaintenanceOrder, {
      params: { id },
      body: { workerSignatureFileId: await upload(worker, id) },
    });
    await admin.call(confirmMaintenanceOrder, {
      params: { id },
      body: { evaluation: 3, advice: 'Thanks', useUnitSignatureFileId: await upload(admin, id) },
    });
    const { order, timeline } = await admin.call(getMaintenanceOrderDetail, { params: { id } });
    expect(order).toMatchObject({ status: S.confirmed, evaluation: 3, advice: 'Thanks' });
    expect(timeline.map((t) => [t.action, t.toStatus])).toEqual([
      ['create', S.created],
      ['send', S.sent],
      ['accept', S.accepted],
      ['signIn', S.signedIn],
      ['record', S.inExecution],
      ['record', S.inExecution],
      ['complete', S.completed],
      ['confirm', S.confirmed],
    ]);
    expect(timeline[2]!.userName).toBe('companyuser');
  });

  it('deletes an order only until a worker accepts it: from then on it is the lift’s record, kept (409)', async () => {
    const unsent = await newOrder();
    await admin.entities.maintenanceOrder.remove(unsent);
    expect((await failure(admin.entities.maintenanceOrder.get(unsent))).status).toBe(404);
    const sent = await newOrder();
    await admin.call(sendMaintenanceOrder, { params: { id: sent } });
    await admin.entities.maintenanceOrder.remove(sent);
    expect((await failure(admin.entities.maintenanceOrder.get(sent))).status).toBe(404);

    for (const status of [S.accepted, S.inExecution, S.completed, S.confirmed, S.invalid]) {
      const id = await newOrder();
      await setStatus(id, status);
      const kept = await failure(admin.entities.maintenanceOrder.remove(id));
      expect(kept.status, `status ${status}`).toBe(409);
      expect(kept.message).toBe(
        "This maintenance order has been accepted or is done: it is kept as the lift's maintenance record and cannot be deleted",
      );
      expect((await admin.entities.maintenanceOrder.get(id)).status).toBe(status);
    }
  });

  it('needs a reason to invalidate', async () => {
    const id = await newOrder();
    const e = await failure(admin.call(invalidateMaintenanceOrder, { params: { id }, body: { invalidReason: '  ' } }));
    expect(e.fieldErrors[0]).toMatchObject({ field: 'invalidReason', rule: 'validation.required' });
    expect(await statusOf(id)).toBe(S.created);
  });

  it('finds an order by its second worker as well as by its first', async () => {
    const other = s.demo.users.companyadmin!;
    const { id } = await admin.entities.maintenanceOrder.save({
      elevatorId: fx.elevatorId,
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      worker1Id: other,
      worker2Id: fx.workerId,
      planDate: today(),
    });
    const ids = async (filter: Record<string, number>) =>
      (await admin.entities.maintenanceOrder.list({ ...filter, pageSize: 200 })).records.map((r) => r.id);
    expect(await ids({ worker2Id: fx.workerId })).toContain(id);
    expect(await ids({ worker1Id: other })).toContain(id);
    expect(await ids({ worker1Id: fx.workerId })).not.toContain(id);
    expect(await ids({ worker2Id: other })).not.toContain(id);
  });

  it('names the valid contract covering its lift on its plan date, and none outside it or once voided', async () => {
    const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const contract = await admin.entities.contract.save({
      contractNo: `HT-MAINT-${dialect}`,
      siteName: 'Harbour Mall',
      maintenanceCompanyId: fx.companyId,
      elevatorIds: [fx.elevatorId],
      startDate: dayOf(-10),
      endDate: dayOf(30),
    });
    const covered = await newOrder(dayOf(5));
    const after = await newOrder(dayOf(40));
    const order = await admin.entities.maintenanceOrder.get(covered);
    expect([order.contractId, order.contractNo]).toEqual([contract.id, `HT-MAINT-${dialect}`]);
    const outside = await admin.entities.maintenanceOrder.get(after);
    expect([outside.contractId, outside.contractNo]).toEqual([null, null]);
    const listed = await admin.entities.maintenanceOrder.list({ elevatorId: fx.elevatorId, pageSize: 200 });
    expect(listed.records.find((r) => r.id === covered)?.contractNo).toBe(`HT-MAINT-${dialect}`);
    await admin.call(voidContract, { params: { id: contract.id }, body: { reason: 'Signed in error' } });
    expect((await admin.entities.maintenanceOrder.get(covered)).contractId).toBeNull();
  });
});
