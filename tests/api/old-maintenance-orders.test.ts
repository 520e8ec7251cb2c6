import {
  OLD_MAINTENANCE_STATUS,
  addDays,
  confirmOldMaintenanceOrder,
  invalidateOldMaintenanceOrder,
  todayIn,
  type LiftCloudClient,
} from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import * as sample from '../support/files.js';
import { maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/**
 * Issue 13: the old-style maintenance order with its three statuses (domain.md §4: wait for confirmation,
 * confirmed, invalid): entered waiting, confirmed by the use unit or invalidated with a reason, both final.
 */
describe.each(DIALECTS)('old-style maintenance orders on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let zh: LiftCloudClient;
  let fx: MaintenanceFixture;
  let n = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    zh = await s.login('admin', undefined, 'zh-CN');
    fx = await maintenanceFixture(s, admin, `old-${dialect}`);
  });
  afterAll(async () => s?.close());

  const body = (over: Record<string, unknown> = {}) => ({
    orderNo: `OM-${dialect}-${++n}`,
    elevatorId: fx.elevatorId,
    companyId: fx.companyId,
    worker1Id: fx.workerId,
    maintenanceDate: '2026-03-01',
    duration: 45,
    content: 'Brake lining measured, door sill cleaned',
    ...over,
  });
  const save = (over: Record<string, unknown> = {}) => admin.entities.oldMaintenanceOrder.save(body(over));
  const confirm = (id: number, c: LiftCloudClient = admin) =>
    c.call(confirmOldMaintenanceOrder, { params: { id }, body: { evaluation: 3, advice: 'On time' } });
  const invalidate = (id: number, reason = 'Entered twice', c: LiftCloudClient = admin) =>
    c.call(invalidateOldMaintenanceOrder, { params: { id }, body: { invalidReason: reason } });

  it('is entered waiting for confirmation (a status in the body refused), and lists with its names', async () => {
    // the status is the workflow's: a body naming one is refused, the field named
    const named = await failure(admin.entities.oldMaintenanceOrder.save({ ...body(), status: 2 } as never));
    expect(named.status).toBe(400);
    expect(named.message).toContain('status');
    const order = await save();
    expect(order).toMatchObject({
      status: OLD_MAINTENANCE_STATUS.waiting,
      elevatorName: `Maintained lift old-${dialect}`,
      companyName: expect.any(String),
      worker1Name: expect.any(String),
      confirmTime: null,
    });
    const listed = await admin.entities.oldMaintenanceOrder.list({ status: OLD_MAINTENANCE_STATUS.waiting });
    expect(listed.records.map((r) => r.id)).toContain(order.id);
  });

  it('confirms with the use unit’s evaluation, and nothing moves a confirmed order again', async () => {
    const order = await save();
    const done = await confirm(order.id);
    expect(done).toMatchObject({ status: OLD_MAINTENANCE_STATUS.confirmed, evaluation: 3, advice: 'On time' });
    expect(done.confirmedBy).toBeTruthy();
    expect(done.confirmTime).toEqual(expect.any(String));
    const again = await failure(confirm(order.id));
    expect(again.status).toBe(409);
    expect(again.message).toBe('This old-style maintenance order is Confirmed: it cannot be confirmed now');
    const late = await failure(invalidate(order.id, 'Too late', zh));
    expect(late.status).toBe(409);
    expect(late.message).toBe('旧版维保工单为已确认，不能作废');
    // confirmed is final: no edit, no delete, no new file
    expect((await failure(admin.entities.oldMaintenanceOrder.save({ ...body(), id: order.id }))).status).toBe(409);
    const gone = await failure(admin.entities.oldMaintenanceOrder.remove(order.id));
    expect(gone.status).toBe(409);
    expect(gone.message).toContain('confirmed or invalid');
    const upload = await failure(
      admin.attachments.upload('oldMaintenanceOrder', order.id, new Blob([sample.jpg(2048)]), {
        fileName: 'record.jpg',
      }),
    );
    expect(upload.status).toBe(409);
  });

  it('invalidates with a reason (required, named), and an invalid order cannot be confirmed', async () => {
    const order = await save();
    const blank = await failure(invalidate(order.id, '   ', zh));
    expect(blank.status).toBe(400);
    expect(blank.fieldErrors).toEqual([
      expect.objectContaining({ field: 'invalidReason', rule: 'validation.required' }),
    ]);
    expect(blank.message).toContain('作废原因');
    const done = await invalidate(order.id);
    expect(done).toMatchObject({ status: OLD_MAINTENANCE_STATUS.invalid, invalidReason: 'Entered twice' });
    const refused = await failure(confirm(order.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('This old-style maintenance order is Invalid: it cannot be confirmed now');
    expect((await admin.entities.oldMaintenanceOrder.get(order.id)).status).toBe(OLD_MAINTENANCE_STATUS.invalid);
  });

  it('of two people acting at once one wins and the other is told the status it found', async () => {
    const order = await save();
    const other = await s.login('admin');
    const outcomes = await Promise.allSettled([confirm(order.id), invalidate(order.id, 'Duplicate', other)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    const e = await failure(Promise.reject(lost?.reason));
    expect(e.status).toBe(409);
    expect(e.message).toMatch(/^This old-style maintenance order is (Confirmed|Invalid): it cannot be/);
  });

  it('refuses a missing field, a date after today and the same worker twice, naming the field in the caller’s language', async () => {
    const missing = await failure(zh.entities.oldMaintenanceOrder.save({ ...body(), content: undefined } as never));
    expect(missing.status).toBe(400);
    expect(missing.fieldErrors).toEqual([expect.objectContaining({ field: 'content', rule: 'validation.required' })]);
    expect(missing.message).toContain('维保内容');
    const future = await failure(
      zh.entities.oldMaintenanceOrder.save(body({ maintenanceDate: addDays(todayIn('UTC'), 2) })),
    );
    expect(future.status).toBe(400);
    expect(future.fieldErrors).toEqual([
      expect.objectContaining({ field: 'maintenanceDate', rule: 'rule.notInFuture' }),
    ]);
    expect(future.message).toContain('维保日期');
    const twice = await failure(admin.entities.oldMaintenanceOrder.save(body({ worker2Id: fx.workerId })));
    expect(twice.status).toBe(400);
    expect(twice.fieldErrors.map((f) => f.field)).toEqual(['worker2Id']);
    const duplicate = await save();
    const sameNo = await failure(save({ orderNo: duplicate.orderNo }));
    expect(sameNo.status).toBe(409);
    // a waiting order may be corrected, then deleted
    const fixed = await admin.entities.oldMaintenanceOrder.save({ ...body(), id: duplicate.id, duration: 60 });
    expect(fixed.duration).toBe(60);
    await admin.entities.oldMaintenanceOrder.remove(duplicate.id);
    expect((await failure(admin.entities.oldMaintenanceOrder.get(duplicate.id))).status).toBe(404);
  });

  it('another tenant gets 404 for the order and its moves; a user without 322 gets 403', async () => {
    const order = await save();
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.entities.oldMaintenanceOrder.get(order.id))).status).toBe(404);
    expect((await failure(confirm(order.id, coastal))).status).toBe(404);
    expect((await failure(invalidate(order.id, 'Not mine', coastal))).status).toBe(404);
    expect((await coastal.entities.oldMaintenanceOrder.list({})).records.map((r) => r.id)).not.toContain(order.id);
    const general = await s.login('general');
    expect((await failure(confirm(order.id, general))).status).toBe(403);
    expect((await admin.entities.oldMaintenanceOrder.get(order.id)).status).toBe(OLD_MAINTENANCE_STATUS.waiting);
  });
});
