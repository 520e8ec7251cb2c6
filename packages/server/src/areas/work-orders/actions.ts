import {
  actionBodyIssues,
  WorkOrderActionBody,
  WorkOrderPersonBody,
  actOnWorkOrder,
  addWorkOrderPerson,
  allowedActions,
  getWorkOrderDetail,
  pauseWorkOrder,
  raiseWorkOrder,
  translate,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { callerOf } from '../../plugins/auth.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

/**
 * The repair work order's actions (through the work-order service, monitoring.workOrders), pause, its people
 * and its detail with the timeline.
 */
export function registerWorkOrderActions(app: FastifyInstance, { store, repos, monitoring }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;

  route(app, actOnWorkOrder, async (req) => {
    const caller = callerOf(req);
    const { action } = req.params;
    const body = req.body;
    const order = await repos.workOrder.get(caller, req.params.id, req.timeZone);
    if (order.paused) throw new HttpError(409, 'workOrder.paused');
    const missing = actionBodyIssues(action, body);
    if (missing.length) throw new ValidationError(missing, WorkOrderActionBody);
    // the service checks the move against the workflow and applies it only from the state it reads
    await monitoring.workOrders.act(
      req.params.id,
      action,
      { userId: caller.userId, username: caller.username },
      body,
      req.lang,
    );
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, pauseWorkOrder, async (req) => {
    await repos.workOrder.get(callerOf(req), req.params.id, req.timeZone);
    await db
      .updateTable('workOrders')
      .set({ paused: req.body.paused ? 1 : 0, updateTime: Date.now() })
      .where('id', '=', req.params.id)
      .execute();
    return ok(null, translate(req.lang, 'outcome.done'));
  });

  route(app, getWorkOrderDetail, async (req) => {
    const order = await repos.workOrder.get(callerOf(req), req.params.id, req.timeZone);
    const people = await db
      .selectFrom('workOrderPeople as p')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .select(['p.userId', 'u.name', 'p.role'])
      .where('p.workOrderId', '=', req.params.id)
      .execute();
    const timeline = await db
      .selectFrom('workOrderLogs')
      .select(['action', 'fromState', 'toState', 'userName', 'note', 'time'])
      .where('workOrderId', '=', req.params.id)
      .orderBy('id')
      .execute();
    return ok({
      order,
      allowedActions: allowedActions(Number(order.recordState), Boolean(order.paused)),
      people,
      timeline,
    });
  });

  route(app, addWorkOrderPerson, async (req) => {
    const caller = callerOf(req);
    const order = await repos.workOrder.get(caller, req.params.id, req.timeZone);
    if (order.paused) throw new HttpError(409, 'workOrder.paused');
    const { userId, role } = req.body;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('tenantId', '=', caller.scope.tenantId ?? caller.tenantId)
      .executeTakeFirst();
    if (!user) throw new ValidationError([{ field: 'userId', rule: 'validation.reference' }], WorkOrderPersonBody);
    const already = await db
      .selectFrom('workOrderPeople')
      .select('userId')
      .where('workOrderId', '=', req.params.id)
      .where('userId', '=', userId)
      .where('role', '=', role)
      .executeTakeFirst();
    if (already)
      throw new ValidationError([{ field: 'userId', rule: 'rule.repairPersonDuplicate' }], WorkOrderPersonBody, 409);
    await db.insertInto('workOrderPeople').values({ workOrderId: req.params.id, userId, role }).execute();
    return ok(null, translate(req.lang, 'outcome.added'));
  });
}

/** A repair order raised by a person: the elevator must be one the caller can see; the service opens it. */
export function registerWorkOrderRaise(app: FastifyInstance, { repos, monitoring }: AreaDeps): void {
  route(app, raiseWorkOrder, async (req) => {
    const caller = callerOf(req);
    await repos.elevator.get(caller, req.body.elevatorId, req.timeZone);
    const id = await monitoring.workOrders.raise({ ...req.body, launcher: caller.name });
    return ok(await repos.workOrder.get(caller, id, req.timeZone), translate(req.lang, 'outcome.done'));
  });
}
