import { L, WORK_ORDER_STATE, allowedActions, formatDateTime, translate, type UserAction } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { AppContext } from '../context.js';
import { envelope, IdParams, NullData, ok } from '../http/envelope.js';
import { HttpError, ValidationError } from '../http/errors.js';
import type { Monitoring } from '../monitoring/index.js';
import { callerOf } from '../plugins/auth.js';
import type { LooseDB, Repository } from '../store/repository.js';

const label = (zh: string, en: string, it: string) => ({ 'x-label': L(zh, en, it) });
const ActionParams = Type.Object({
  id: IdParams.properties.id,
  action: Type.String({ enum: ['receive', 'arrive', 'finish', 'confirm', 'cancel'] }),
});
const ActionBody = Type.Object(
  {
    handling: Type.Optional(Type.String({ maxLength: 1000, ...label('处理情况', 'Handling', 'Intervento') })),
    faultReason: Type.Optional(
      Type.String({ maxLength: 500, ...label('故障原因', 'Fault reason', 'Causa del guasto') }),
    ),
    reason: Type.Optional(
      Type.String({ maxLength: 500, ...label('撤销原因', 'Cancel reason', 'Motivo annullamento') }),
    ),
  },
  { additionalProperties: false },
);
const PersonBody = Type.Object(
  {
    userId: Type.Integer({ minimum: 1, ...label('人员', 'Person', 'Persona') }),
    role: Type.String({ enum: ['repair', 'service'], ...label('角色', 'Role', 'Ruolo') }),
  },
  { additionalProperties: false },
);
const NoticeQuery = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1 })),
  workOrderRecordState: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
});
const NoticeList = Type.Object({ list: Type.Array(Type.Record(Type.String(), Type.Unknown())), total: Type.Integer() });

/** The repair work order's actions, its people and timeline, and the notice calls the console polls. */
export function registerWorkOrderRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  repos: {
    workOrders: Repository;
    alarms: Repository;
    events: Repository;
    gateways: Repository;
    elevators: Repository;
  },
  monitoring: Monitoring,
): void {
  const db = ctx.store.db as unknown as Kysely<LooseDB>;
  const id = (req: { params: unknown }) => (req.params as { id: number }).id;

  app.post('/api/workOrders/:id/:action', {
    config: { permission: 302 },
    schema: {
      tags: ['workOrder'],
      summary: 'Receive, arrive, finish, confirm or cancel (with reason) a work order',
      params: ActionParams,
      body: ActionBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      const action = (req.params as { action: UserAction }).action;
      const body = req.body as { handling?: string; faultReason?: string; reason?: string };
      const order = await repos.workOrders.get(caller, id(req), req.timeZone);
      if (order.paused) throw new HttpError(409, 'workOrder.paused');
      if (action === 'cancel' && !body.reason?.trim())
        throw new ValidationError([{ field: 'reason', rule: 'validation.required' }], ActionBody);
      // the service checks the move against the workflow and applies it only from the state it reads
      await monitoring.workOrders.act(
        id(req),
        action,
        { userId: caller.userId, username: caller.username },
        body,
        req.lang,
      );
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.put('/api/workOrders/:id/pause', {
    config: { permission: 302 },
    schema: {
      tags: ['workOrder'],
      summary: 'Pause (stop) or resume a work order',
      params: IdParams,
      body: Type.Object({ paused: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      await repos.workOrders.get(callerOf(req), id(req), req.timeZone);
      await db
        .updateTable('workOrders')
        .set({ paused: (req.body as { paused: boolean }).paused ? 1 : 0, updateTime: Date.now() })
        .where('id', '=', id(req))
        .execute();
      return ok(null, translate(req.lang, 'outcome.done'));
    },
  });

  app.get('/api/workOrders/:id/detail', {
    config: { permission: 302 },
    schema: {
      tags: ['workOrder'],
      summary: 'A work order with its people, the actions allowed now and its tracking timeline',
      params: IdParams,
      response: {
        200: envelope(
          Type.Object({
            order: Type.Record(Type.String(), Type.Unknown()),
            allowedActions: Type.Array(Type.String()),
            people: Type.Array(Type.Object({ userId: Type.Integer(), name: Type.String(), role: Type.String() })),
            timeline: Type.Array(
              Type.Object({
                action: Type.String(),
                fromState: Type.Union([Type.Integer(), Type.Null()]),
                toState: Type.Integer(),
                userName: Type.Union([Type.String(), Type.Null()]),
                note: Type.Union([Type.String(), Type.Null()]),
                time: Type.Integer(),
              }),
            ),
          }),
        ),
      },
    },
    handler: async (req) => {
      const order = await repos.workOrders.get(callerOf(req), id(req), req.timeZone);
      const people = await db
        .selectFrom('workOrderPeople as p')
        .innerJoin('users as u', 'u.id', 'p.userId')
        .select(['p.userId', 'u.name', 'p.role'])
        .where('p.workOrderId', '=', id(req))
        .execute();
      const timeline = await db
        .selectFrom('workOrderLogs')
        .select(['action', 'fromState', 'toState', 'userName', 'note', 'time'])
        .where('workOrderId', '=', id(req))
        .orderBy('id')
        .execute();
      return ok({
        order,
        allowedActions: allowedActions(Number(order.recordState), Boolean(order.paused)),
        people,
        timeline,
      });
    },
  });

  app.post('/api/workOrders/:id/people', {
    config: { permission: 302 },
    schema: {
      tags: ['workOrder'],
      summary: 'Add a repair person or service person',
      params: IdParams,
      body: PersonBody,
      response: { 200: envelope(NullData) },
    },
    handler: async (req) => {
      const caller = callerOf(req);
      const order = await repos.workOrders.get(caller, id(req), req.timeZone);
      if (order.paused) throw new HttpError(409, 'workOrder.paused');
      const { userId, role } = req.body as { userId: number; role: string };
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('tenantId', '=', caller.scope.tenantId ?? caller.tenantId)
        .executeTakeFirst();
      if (!user) throw new ValidationError([{ field: 'userId', rule: 'validation.reference' }], PersonBody);
      const already = await db
        .selectFrom('workOrderPeople')
        .select('userId')
        .where('workOrderId', '=', id(req))
        .where('userId', '=', userId)
        .where('role', '=', role)
        .executeTakeFirst();
      if (already)
        throw new ValidationError([{ field: 'userId', rule: 'rule.repairPersonDuplicate' }], PersonBody, 409);
      await db
        .insertInto('workOrderPeople')
        .values({ workOrderId: id(req), userId, role })
        .execute();
      return ok(null, translate(req.lang, 'outcome.added'));
    },
  });

  // The notice calls of console-shell.md §7.
  app.get('/api/workOrders/web', {
    config: { permission: 302 },
    schema: {
      tags: ['notice'],
      summary: 'Repair notices: work orders in one state (the console polls state 1)',
      querystring: NoticeQuery,
      response: { 200: envelope(NoticeList) },
    },
    handler: async (req) => {
      const q = req.query as { pageIndex?: number; workOrderRecordState?: number };
      const page = await repos.workOrders.list(
        callerOf(req),
        { recordState: q.workOrderRecordState ?? WORK_ORDER_STATE.reported, pageNo: q.pageIndex ?? 1, pageSize: 20 },
        req.timeZone,
      );
      return ok({ list: page.records, total: page.total });
    },
  });

  app.get('/api/alarmRecords/notice', {
    config: { permission: 341 },
    schema: {
      tags: ['notice'],
      summary: 'Alarm bell notices: alarm-bell alarms of the last 10 minutes',
      response: { 200: envelope(NoticeList) },
    },
    handler: async (req) => {
      const alarmTimeStart = formatDateTime(Date.now() - 10 * 60_000, req.timeZone);
      const page = await repos.alarms.list(
        callerOf(req),
        { type: 2, alarmTimeStart, pageNo: 1, pageSize: 20 },
        req.timeZone,
      );
      const list = page.records.map((r) => ({
        id: r.id,
        elevatorNo: r.elevatorId,
        elevatorName: r.elevatorName,
        newStatus: r.type,
        alarmTime: r.alarmTime,
      }));
      return ok({ list, total: page.total });
    },
  });

  app.get('/api/mbPowerLoss/notice', {
    config: { permission: -1 },
    schema: { tags: ['notice'], summary: 'Gateway power-down events', response: { 200: envelope(NoticeList) } },
    handler: async (req) => {
      const page = await repos.events.list(callerOf(req), { kind: 'powerDown', pageNo: 1, pageSize: 20 }, req.timeZone);
      return ok({ list: page.records, total: page.total });
    },
  });

  app.get('/api/elevatorLcds/alarms', {
    config: { permission: -1 },
    schema: {
      tags: ['notice'],
      summary: 'Open people-trapped alarms for the video call',
      response: {
        200: envelope(
          Type.Array(Type.Object({ elevatorName: Type.String(), imAccount: Type.String(), alarmTime: Type.String() })),
        ),
      },
    },
    handler: async (req) => {
      const page = await repos.workOrders.list(
        callerOf(req),
        { type: 1, recordState: WORK_ORDER_STATE.reported, pageNo: 1, pageSize: 50 },
        req.timeZone,
      );
      return ok(
        page.records.map((r) => ({
          elevatorName: String(r.elevatorName ?? ''),
          imAccount: `lcd_${String(r.deviceCode ?? '')}`,
          alarmTime: String(r.alarmTime),
        })),
      );
    },
  });
}
