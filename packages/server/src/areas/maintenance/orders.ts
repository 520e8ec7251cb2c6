import {
  MAINTENANCE_ORDER_STATUS,
  MaintenanceCompleteBody,
  MaintenanceConfirmBody,
  MaintenanceInvalidateBody,
  RecordItemBody,
  SignInBody,
  acceptMaintenanceOrder,
  allowedMaintenanceActions,
  completeMaintenanceOrder,
  confirmMaintenanceOrder,
  getMaintenanceOrderDetail,
  invalidateMaintenanceOrder,
  recordMaintenanceItem,
  sendMaintenanceOrder,
  signInMaintenanceOrder,
  translate,
  type Issue,
  type MaintenanceOrderItem,
} from '@liftcloud/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { dateOf } from '../../services/maintenance/dates.js';
import type { MaintenanceOrderRow, MaintenanceOrderService } from '../../services/maintenance/orders.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';
import { checkOwnFiles, distanceMetres } from './evidence.js';

/** What the company's settings demand of each item and of sign-in. */
interface Requirements {
  photo: boolean;
  recording: boolean;
  text: boolean;
  signInDistance: number | null;
}

async function requirementsOf(db: Kysely<LooseDB>, order: MaintenanceOrderRow): Promise<Requirements> {
  const s = await db
    .selectFrom('maintenanceSettings')
    .selectAll()
    .where('tenantId', '=', order.tenantId)
    .where('companyId', '=', order.companyId)
    .executeTakeFirst();
  return {
    photo: Number(s?.photoRequired ?? 0) === 1,
    recording: Number(s?.recordingRequired ?? 0) === 1,
    text: Number(s?.textRequired ?? 0) === 1,
    // sign-in by position unless the settings say no check
    signInDistance: s && Number(s.signInMethod) === 2 ? null : Number(s?.distance ?? 500),
  };
}

const itemsOf = (order: MaintenanceOrderRow): MaintenanceOrderItem[] =>
  order.items ? (JSON.parse(order.items) as MaintenanceOrderItem[]) : [];

/**
 * A maintenance order's moves (docs/maintenance-orders.md): each route checks what the move carries (the worker,
 * the position, the items, the signatures), then the maintenance-order service applies it from the status it read.
 */
export function registerMaintenanceOrders(
  app: FastifyInstance,
  { store, repos }: AreaDeps,
  orders: MaintenanceOrderService,
): void {
  const db = store.db as unknown as Kysely<LooseDB>;

  /** The order as the caller may see it (404 otherwise), read for a move. */
  const visible = async (req: FastifyRequest, id: number) => {
    await repos.maintenanceOrder.get(callerOf(req), id, req.timeZone);
    return orders.load(id);
  };
  /** Only the order's workers accept, sign in, record and complete it. */
  const asWorker = async (req: FastifyRequest, id: number) => {
    const order = await visible(req, id);
    const me = callerOf(req).userId;
    if (order.worker1Id !== me && order.worker2Id !== me)
      throw new ValidationError([{ field: 'worker1Id', rule: 'maint.notYourOrder' }], undefined, 403);
    return order;
  };
  const by = (req: FastifyRequest) => callerOf(req).username;
  const done = (req: FastifyRequest) => ok(null, translate(req.lang, 'outcome.done'));

  route(app, sendMaintenanceOrder, async (req) => {
    const order = await visible(req, req.params.id);
    const now = Date.now();
    await orders.act(order, 'send', { set: { sentTime: now }, by: by(req), now }, req.lang);
    return done(req);
  });

  route(app, acceptMaintenanceOrder, async (req) => {
    const order = await asWorker(req, req.params.id);
    const now = Date.now();
    await orders.act(order, 'accept', { set: { acceptTime: now, recentNotAccept: 0 }, by: by(req), now }, req.lang);
    return done(req);
  });

  route(app, signInMaintenanceOrder, async (req) => {
    const order = await asWorker(req, req.params.id);
    const needs = await requirementsOf(db, order);
    const elevator = await db
      .selectFrom('elevators')
      .select(['latitude', 'longitude'])
      .where('id', '=', order.elevatorId)
      .executeTakeFirst();
    let distance = 0;
    if (needs.signInDistance !== null) {
      if (elevator?.latitude == null || elevator.longitude == null)
        throw new ValidationError([{ field: 'latitude', rule: 'maint.noCoordinates' }], SignInBody);
      distance = distanceMetres(
        { lat: req.body.latitude, lng: req.body.longitude },
        { lat: Number(elevator.latitude), lng: Number(elevator.longitude) },
      );
      if (distance > needs.signInDistance)
        throw new ValidationError(
          [
            {
              field: 'latitude',
              rule: 'maint.tooFar',
              params: { distance: Math.round(distance), limit: needs.signInDistance },
            },
          ],
          SignInBody,
        );
    }
    const now = Date.now();
    await orders.act(
      order,
      'signIn',
      { set: { signInTime: now, signInDistance: Math.round(distance) }, by: by(req), now },
      req.lang,
    );
    return ok({ distance: Math.round(distance) }, translate(req.lang, 'outcome.done'));
  });

  route(app, recordMaintenanceItem, async (req) => {
    const order = await asWorker(req, req.params.id);
    const items = itemsOf(order);
    const index = req.params.index;
    const item = items[index];
    if (!item) throw new ValidationError([{ field: 'index', rule: 'validation.reference' }], RecordItemBody);
    const body = req.body;
    const photos = body.photoFileIds ?? [];
    const recordings = body.recordingFileIds ?? [];
    await checkOwnFiles(db, order.id, 'photoFileIds', photos, RecordItemBody);
    await checkOwnFiles(db, order.id, 'recordingFileIds', recordings, RecordItemBody);
    items[index] = {
      ...item,
      condition: body.condition,
      text: body.text ?? null,
      photoFileIds: photos,
      recordingFileIds: recordings,
    };
    const now = Date.now();
    await orders.act(
      order,
      'record',
      { set: { items: JSON.stringify(items) }, by: by(req), note: item.name, now, sameRevision: true },
      req.lang,
    );
    return done(req);
  });

  route(app, completeMaintenanceOrder, async (req) => {
    const order = await asWorker(req, req.params.id);
    const needs = await requirementsOf(db, order);
    const schema = MaintenanceCompleteBody;
    const issues = itemsOf(order).flatMap((item, i): Issue[] => {
      const field = `items.${i}`;
      const params = { item: `${i + 1} ${item.name}` };
      if (!item.condition) return [{ field, rule: 'maint.itemNotProcessed' as const, params }];
      // "no such item" needs no evidence
      if (item.condition === 1) return [];
      const missing = [
        needs.photo && !item.photoFileIds?.length ? 'photo' : null,
        needs.recording && !item.recordingFileIds?.length ? 'recording' : null,
        needs.text && !item.text?.trim() ? 'text' : null,
      ].filter((k): k is 'photo' | 'recording' | 'text' => k !== null);
      return missing.map((kind) => ({
        field,
        rule: 'maint.evidenceRequired' as const,
        params: { ...params, kind: translate(req.lang, `maint.evidence.${kind}`) },
      }));
    });
    if (issues.length) throw new ValidationError(issues, schema);
    await checkOwnFiles(db, order.id, 'workerSignatureFileId', [req.body.workerSignatureFileId], schema);
    const now = Date.now();
    const duration = order.signInTime === null ? null : Math.max(0, Math.round((now - order.signInTime) / 60_000));
    await orders.act(
      order,
      'complete',
      {
        set: {
          completeTime: now,
          maintenanceDate: dateOf(now),
          duration,
          completion: req.body.completion ?? null,
          workerSignatureFileId: req.body.workerSignatureFileId,
        },
        by: by(req),
        now,
      },
      req.lang,
    );
    return done(req);
  });

  route(app, confirmMaintenanceOrder, async (req) => {
    const order = await visible(req, req.params.id);
    await checkOwnFiles(
      db,
      order.id,
      'useUnitSignatureFileId',
      [req.body.useUnitSignatureFileId],
      MaintenanceConfirmBody,
    );
    const now = Date.now();
    await orders.act(
      order,
      'confirm',
      {
        set: {
          confirmTime: now,
          evaluation: req.body.evaluation,
          advice: req.body.advice ?? null,
          useUnitSignatureFileId: req.body.useUnitSignatureFileId,
        },
        by: by(req),
        now,
      },
      req.lang,
    );
    return done(req);
  });

  route(app, invalidateMaintenanceOrder, async (req) => {
    const order = await visible(req, req.params.id);
    const reason = req.body.invalidReason.trim();
    if (!reason)
      throw new ValidationError([{ field: 'invalidReason', rule: 'validation.required' }], MaintenanceInvalidateBody);
    const now = Date.now();
    await orders.act(order, 'invalidate', { set: { invalidReason: reason }, by: by(req), note: reason, now }, req.lang);
    return done(req);
  });

  route(app, getMaintenanceOrderDetail, async (req) => {
    const record = await repos.maintenanceOrder.get(callerOf(req), req.params.id, req.timeZone);
    const order = await orders.load(req.params.id);
    const logs = await db
      .selectFrom('maintenanceOrderLogs')
      .select(['action', 'fromStatus', 'toStatus', 'userName', 'note', 'time'])
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    const created = {
      action: record.planId ? 'generate' : 'create',
      fromStatus: null,
      toStatus: logs.length ? Number(logs[0]!.fromStatus) : order.status,
      userName: null,
      note: null,
      time: Date.parse(`${record.createTime.replace(' ', 'T')}Z`) || 0,
    };
    return ok({
      order: record,
      allowedActions: allowedMaintenanceActions(order.status),
      requirements: await requirementsOf(db, order),
      timeline: [
        created,
        ...logs.map((l) => ({
          action: String(l.action),
          fromStatus: l.fromStatus === null ? null : Number(l.fromStatus),
          toStatus: Number(l.toStatus),
          userName: l.userName === null ? null : String(l.userName),
          note: l.note === null ? null : String(l.note),
          time: Number(l.time),
        })),
      ],
    });
  });
}

export const WAITING_STATUSES = [MAINTENANCE_ORDER_STATUS.inPlan];
