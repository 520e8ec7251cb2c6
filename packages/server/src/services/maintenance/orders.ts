import {
  MAINTENANCE_ORDER_STATUS,
  NOT_ACCEPTED_AFTER_MS,
  enumLabel,
  maintenanceOrderStatus,
  nextMaintenanceStatus,
  translate,
  type Language,
  type MaintenanceAction,
  type MaintenanceOrderStatus,
  type MessageKey,
} from '@liftcloud/client';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { LooseDB } from '../../store/repository.js';
import { addDays, todayUtc } from './dates.js';
import { enqueueNotifications } from '../notifications.js';

type Loose = Kysely<LooseDB>;
type Trx = Transaction<LooseDB>;

/** The columns of an order a move reads. */
export interface MaintenanceOrderRow {
  id: number;
  tenantId: number;
  status: number;
  updateTime: number;
  elevatorId: number;
  companyId: number;
  worker1Id: number;
  worker2Id: number | null;
  planDate: string;
  items: string | null;
  signInTime: number | null;
}

const COLUMNS = [
  'id',
  'tenantId',
  'status',
  'updateTime',
  'elevatorId',
  'companyId',
  'worker1Id',
  'worker2Id',
  'planDate',
  'items',
  'signInTime',
] as const;

function orderRow(r: Record<string, unknown>): MaintenanceOrderRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    tenantId: Number(r.tenantId),
    status: Number(r.status),
    updateTime: Number(r.updateTime),
    elevatorId: Number(r.elevatorId),
    companyId: Number(r.companyId),
    worker1Id: Number(r.worker1Id),
    worker2Id: n(r.worker2Id),
    planDate: String(r.planDate),
    items: r.items === null ? null : String(r.items),
    signInTime: n(r.signInTime),
  };
}

export interface MoveOptions {
  /** Columns set with the move (times, who, what). */
  set?: Record<string, unknown>;
  by: string | null;
  note?: string | null;
  now: number;
  /** Also guard by the revision read (item records: two workers marking items at once do not lose one). */
  sameRevision?: boolean;
}

/**
 * The one place a maintenance order changes status (docs/maintenance-orders.md). Every move is checked against the
 * client's workflow (nextMaintenanceStatus), applied by an UPDATE that names the status it was read in (of two
 * moves at once only the first lands; the other is told 409), and written to the order's timeline. The action
 * routes (areas/maintenance/orders.ts) and the plan job (auto-send, the 24-hour flag) all come here.
 */
export class MaintenanceOrderService {
  private readonly db: Loose;

  constructor(db: Kysely<DB>) {
    this.db = db as unknown as Loose;
  }

  async read(db: Loose | Trx, id: number): Promise<MaintenanceOrderRow | null> {
    const row = await db
      .selectFrom('maintenanceOrders')
      .select([...COLUMNS])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? orderRow(row) : null;
  }

  /**
   * A person's move, already checked by the route for what it carries (position, items, signatures). 409 when the
   * move is not allowed from the status read, or when someone else moved the order first.
   */
  async act(order: MaintenanceOrderRow, action: MaintenanceAction, how: MoveOptions, lang: Language): Promise<void> {
    const to = await this.db.transaction().execute((trx) => this.move(trx, order, action, how));
    if (to === null) throw this.refusal(order, action, lang);
  }

  /** The 409 of a move not allowed from the order's status, naming both in the caller's language. */
  refusal(order: MaintenanceOrderRow, action: MaintenanceAction, lang: Language): HttpError {
    return new HttpError(409, 'maint.notAllowed', {
      state: enumLabel(maintenanceOrderStatus, order.status, lang),
      action: translate(lang, `maint.action.${action}` as MessageKey),
    });
  }

  /** Read the order (404 when it is gone) for a move. */
  async load(id: number): Promise<MaintenanceOrderRow> {
    const order = await this.read(this.db, id);
    if (!order) throw notFound();
    return order;
  }

  /** Apply one move with its guarded UPDATE and its timeline row; null when not allowed or no longer as read. */
  async move(
    trx: Trx,
    order: MaintenanceOrderRow,
    action: MaintenanceAction,
    how: MoveOptions,
  ): Promise<MaintenanceOrderStatus | null> {
    const to = nextMaintenanceStatus(order.status, action);
    if (to === null) return null;
    let update = trx
      .updateTable('maintenanceOrders')
      .set({ ...how.set, status: to, updateTime: Math.max(how.now, order.updateTime + 1) })
      .where('id', '=', order.id)
      .where('status', '=', order.status);
    if (how.sameRevision) update = update.where('updateTime', '=', order.updateTime);
    const moved = await update.executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return null;
    await trx
      .insertInto('maintenanceOrderLogs')
      .values({
        orderId: order.id,
        action,
        fromStatus: order.status,
        toStatus: to,
        userName: how.by,
        note: how.note ?? null,
        time: how.now,
      })
      .execute();
    // sent (by hand or on its auto-send day): its workers are reminded, if their maintenance switch is on
    if (to === MAINTENANCE_ORDER_STATUS.sent)
      await enqueueNotifications(
        trx,
        {
          topic: 'maintenance',
          tenantId: order.tenantId,
          elevatorId: order.elevatorId,
          referBizNo: `maintenance:${order.id}`,
          values: { planDate: order.planDate },
          userIds: [order.worker1Id, ...(order.worker2Id === null ? [] : [order.worker2Id])],
        },
        how.now,
      );
    return to;
  }

  /** Orders waiting in plan whose send day has come (plan date less the company's auto-send days): sent. */
  async autoSend(now: number, signal?: AbortSignal): Promise<number> {
    const today = todayUtc(now);
    const waiting = await this.db
      .selectFrom('maintenanceOrders as o')
      .innerJoin('maintenanceSettings as s', (j) =>
        j.onRef('s.companyId', '=', 'o.companyId').onRef('s.tenantId', '=', 'o.tenantId'),
      )
      .select(['o.id', 'o.planDate', 's.autoSendDay'])
      .where('o.status', '=', MAINTENANCE_ORDER_STATUS.inPlan)
      .where('s.autoSendDay', '>', 0)
      // no order is sent earlier than 7 days (the most auto-send days) before its date
      .where('o.planDate', '<=', addDays(today, 7))
      .orderBy('o.id')
      .execute();
    let sent = 0;
    for (const w of waiting) {
      signal?.throwIfAborted();
      if (addDays(String(w.planDate), -Number(w.autoSendDay)) > today) continue;
      const order = await this.read(this.db, Number(w.id));
      if (!order) continue;
      const to = await this.db
        .transaction()
        .execute((trx) => this.move(trx, order, 'autoSend', { set: { sentTime: now }, by: null, now }));
      if (to !== null) sent++;
    }
    return sent;
  }

  /** Orders sent and not accepted within 24 hours are flagged: status not accepted, recentNotAccept. */
  async flagNotAccepted(now: number, signal?: AbortSignal): Promise<number> {
    const late = await this.db
      .selectFrom('maintenanceOrders')
      .select('id')
      .where('status', '=', MAINTENANCE_ORDER_STATUS.sent)
      .where('sentTime', '<=', now - NOT_ACCEPTED_AFTER_MS)
      .orderBy('id')
      .execute();
    let flagged = 0;
    for (const { id } of late) {
      signal?.throwIfAborted();
      const order = await this.read(this.db, Number(id));
      if (!order) continue;
      const to = await this.db
        .transaction()
        .execute((trx) => this.move(trx, order, 'expire', { set: { recentNotAccept: 1 }, by: null, now }));
      if (to !== null) flagged++;
    }
    return flagged;
  }
}
