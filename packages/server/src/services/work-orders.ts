import {
  FLAG_OF_ACTION,
  INSPECTION_RESULT,
  OPEN_STATES,
  WORK_ORDER_ALARM_TYPES,
  WORK_ORDER_STATE,
  enumLabel,
  nextState,
  translate,
  workOrderState,
  type Language,
  type LiveFrameData,
  type MessageKey,
  type UserAction,
  type WorkOrderAction,
  type WorkOrderState,
} from '@liftcloud/client';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import { HttpError, notFound } from '../http/errors.js';
import { ELEVATOR_ORG_COLUMNS, elevatorOrgIds } from '../monitoring/gateways.js';
import type { CheckedLiveEvent, LiveEvents } from '../monitoring/live-events.js';
import type { LooseDB } from '../store/repository.js';
import { logOrderStep, openReportedOrder, raiseWorkOrder, type RaisedOrderFacts } from './raise-work-order.js';
import { enqueueWebhooks } from './webhooks.js';

type Loose = Kysely<LooseDB>;
type Trx = Transaction<LooseDB>;

/** Who hears of an order's change on the live channel: its tenant and the elevator's organisations. */
export interface Audience {
  tenantId: number;
  orgIds: number[];
  elevatorId: number;
}

/** The person acting through an action route. */
export interface Actor {
  userId: number;
  username: string;
}

/** What finish (handling, fault reason) and cancel (reason) carry. */
export interface ActionDetails {
  handling?: string;
  faultReason?: string;
  reason?: string;
}

/** A stored alarm as the ingest hands it over, with the elevator and gateway it came from. */
export interface AlarmFacts {
  alarmRecordId: number;
  type: number;
  cleared: boolean;
  alarmTime: number;
  tenantId: number;
  orgId: number | null;
  elevatorId: number;
  elevatorName: string | null;
  address: string | null;
  dtu: string;
  audience: Audience;
}

/** The columns of an order a move reads: the state it moves from, and what its live event says. */
interface OrderRow {
  id: number;
  tenantId: number;
  recordState: number;
  paused: boolean;
  secondAlarm: boolean;
  finishTime: number | null;
  elevatorId: number;
  elevatorName: string | null;
  workOrderNo: string | null;
  deviceCode: string | null;
}

const ORDER_COLUMNS = [
  'id',
  'tenantId',
  'recordState',
  'paused',
  'secondAlarm',
  'finishTime',
  'elevatorId',
  'elevatorName',
  'workOrderNo',
  'deviceCode',
] as const;

function orderRow(row: Record<(typeof ORDER_COLUMNS)[number], unknown>): OrderRow {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(row.id),
    tenantId: Number(row.tenantId),
    recordState: Number(row.recordState),
    paused: Number(row.paused) === 1,
    secondAlarm: Number(row.secondAlarm) === 1,
    finishTime: row.finishTime === null ? null : Number(row.finishTime),
    elevatorId: Number(row.elevatorId),
    elevatorName: text(row.elevatorName),
    workOrderNo: text(row.workOrderNo),
    deviceCode: text(row.deviceCode),
  };
}

/**
 * The one place a repair work order changes state (docs/work-orders.md). Every move is checked against the
 * client's workflow (nextState), applied with an UPDATE that names the state it was read in (so of two moves
 * at once only the first lands), written to the order's timeline and told on the live channel. The action
 * routes, the ingest (an alarm opens, joins or recovers an order) and the auto-confirm job all come here.
 */
export class WorkOrderService {
  private readonly db: Loose;

  constructor(
    db: Kysely<DB>,
    private readonly live: LiveEvents,
  ) {
    this.db = db as unknown as Loose;
  }

  /**
   * A person's action. 409 when the order is paused, when the action is not allowed from its state, or when
   * someone else moved it first; the message names the state and the action in the caller's language.
   */
  async act(id: number, action: UserAction, actor: Actor, details: ActionDetails, lang: Language): Promise<void> {
    const order = await this.read(this.db, id);
    if (!order) throw notFound();
    if (order.paused) throw new HttpError(409, 'workOrder.paused');
    const now = Date.now();
    const event = await this.db.transaction().execute(async (trx) => {
      const to = await this.move(trx, order, action, {
        set: userActionChanges(order, action, actor, details, now),
        by: actor.username,
        note: details.reason ?? details.handling ?? null,
        onlyActive: true,
        now,
      });
      if (to === null)
        throw new HttpError(409, 'workOrder.notAllowed', {
          state: enumLabel(workOrderState, order.recordState, lang),
          action: translate(lang, `workOrder.action.${action}` as MessageKey),
        });
      return this.event(order, to, action, actor.username, await this.audienceOf(trx, order));
    });
    if (event) await this.live.send(event);
  }

  /**
   * A repair order a person raises (app alarm, phone call, annual inspection): opened in state 0 like an alarm's,
   * announced on the live channel, then moved by the same actions. Answers its id.
   */
  async raise(facts: RaisedOrderFacts): Promise<number> {
    const now = Date.now();
    const { id, event } = await this.db.transaction().execute(async (trx) => {
      const id = await raiseWorkOrder(trx, facts, now);
      const order = (await this.read(trx, id))!;
      const audience = await this.audienceOf(trx, order);
      return { id, event: this.event(order, order.recordState, 'report', facts.launcher ?? null, audience) };
    });
    if (event) await this.live.send(event);
    return id;
  }

  /**
   * An annual inspection's no-pass raises a repair order (repair method 4, "generated by annual inspection") once,
   * named both ways, inside the transaction that saved the inspection; the order's live frame is returned, to go
   * out once that transaction has committed (the console's repair list shows it at once, as an alarm's order).
   */
  async raiseForInspection(trx: Trx, inspectionId: number): Promise<(() => Promise<void>) | void> {
    const row = await trx
      .selectFrom('inspections')
      .select(['result', 'elevatorId', 'workOrderId'])
      .where('id', '=', inspectionId)
      .executeTakeFirstOrThrow();
    if (Number(row.result) !== INSPECTION_RESULT.noPass || row.workOrderId !== null) return;
    const facts = { elevatorId: Number(row.elevatorId), repairMethod: 4, type: 0, inspectionId, handling: null };
    const id = await raiseWorkOrder(trx, facts, Date.now());
    await trx.updateTable('inspections').set({ workOrderId: id }).where('id', '=', inspectionId).execute();
    const order = (await this.read(trx, id))!;
    const event = this.event(order, order.recordState, 'report', null, await this.audienceOf(trx, order));
    if (event) return () => this.live.send(event);
  }

  /** The platform confirms an order left unconfirmed; false when it was paused or moved meanwhile. */
  async autoConfirm(id: number, now: number): Promise<boolean> {
    const order = await this.read(this.db, id);
    if (!order || order.paused) return false;
    const moved = await this.db.transaction().execute(async (trx) => {
      const to = await this.move(trx, order, 'autoConfirm', { by: null, note: null, onlyActive: true, now });
      return to === null
        ? null
        : { event: this.event(order, to, 'autoConfirm', null, await this.audienceOf(trx, order)) };
    });
    if (moved?.event) await this.live.send(moved.event);
    return moved !== null;
  }

  /**
   * An alarm stored by the ingest, inside its batch transaction: a cleared alarm recovers the elevator's open
   * order; an alarm of a work-order type joins the open order as a second alarm, or opens a new one. Answers
   * the live events to publish once the batch has committed.
   */
  async onAlarm(trx: Trx, alarm: AlarmFacts, now: number): Promise<CheckedLiveEvent[]> {
    const open = await this.openOrderOf(trx, alarm.elevatorId);
    if (alarm.cleared) {
      if (!open) return [];
      const to = await this.move(trx, open, 'recover', {
        set: { finishTime: now },
        by: null,
        note: null,
        onlyActive: false,
        now,
      });
      return present([to === null ? null : this.event(open, to, 'recover', null, alarm.audience)]);
    }
    if (!WORK_ORDER_ALARM_TYPES.includes(alarm.type)) return [];
    if (open) {
      await this.join(trx, open, alarm.alarmRecordId, now);
      return [];
    }
    return present([await this.open(trx, alarm, now)]);
  }

  /** A second alarm while an order is open joins it: finishing it later gives "second-alarm completed". */
  private async join(trx: Trx, order: OrderRow, alarmRecordId: number, now: number): Promise<void> {
    await trx.updateTable('workOrders').set({ secondAlarm: 1, updateTime: now }).where('id', '=', order.id).execute();
    await trx.updateTable('alarmRecords').set({ workOrderId: order.id }).where('id', '=', alarmRecordId).execute();
    await this.track(trx, order.id, 'secondAlarm', order.recordState, order.recordState, null, null, now);
  }

  private async open(trx: Trx, alarm: AlarmFacts, now: number): Promise<CheckedLiveEvent | null> {
    const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
    const workOrderNo = `R${day}${String(alarm.alarmRecordId).padStart(6, '0')}`;
    const state = WORK_ORDER_STATE.reported;
    const id = await openReportedOrder(
      trx,
      {
        tenantId: alarm.tenantId,
        orgId: alarm.orgId,
        workOrderNo,
        elevatorId: alarm.elevatorId,
        elevatorName: alarm.elevatorName,
        address: alarm.address,
        deviceCode: alarm.dtu,
        type: alarm.type,
        alarmTime: alarm.alarmTime,
        repairMethod: 1,
        hasPeople: alarm.type === 1 ? 1 : 0,
      },
      alarm.alarmTime,
      now,
    );
    await trx.updateTable('alarmRecords').set({ workOrderId: id }).where('id', '=', alarm.alarmRecordId).execute();
    const order: OrderRow = {
      id,
      tenantId: alarm.tenantId,
      recordState: state,
      paused: false,
      secondAlarm: false,
      finishTime: null,
      elevatorId: alarm.elevatorId,
      elevatorName: alarm.elevatorName,
      workOrderNo,
      deviceCode: alarm.dtu,
    };
    return this.event(order, state, 'report', null, alarm.audience, { type: alarm.type, alarmTime: alarm.alarmTime });
  }

  /**
   * Apply one move: the target from the workflow, an UPDATE guarded by the state read (and, for finish, by
   * whether a second alarm had joined, which decides its target) that also raises the move's alarm flow flag,
   * and the timeline row. Null when the move is
   * not allowed or the order is no longer as it was read.
   */
  private async move(
    trx: Trx,
    order: OrderRow,
    action: WorkOrderAction,
    how: { set?: Record<string, unknown>; by: string | null; note: string | null; onlyActive: boolean; now: number },
  ): Promise<WorkOrderState | null> {
    const to = nextState(order.recordState, action, { secondAlarm: order.secondAlarm });
    if (to === null) return null;
    let update = trx
      .updateTable('workOrders')
      .set({ ...how.set, recordState: to, [FLAG_OF_ACTION[action]]: 1, updateTime: how.now })
      .where('id', '=', order.id)
      .where('recordState', '=', order.recordState);
    if (how.onlyActive) update = update.where('paused', '=', 0);
    if (action === 'finish') update = update.where('secondAlarm', '=', order.secondAlarm ? 1 : 0);
    const moved = await update.executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return null;
    await this.track(trx, order.id, action, order.recordState, to, how.by, how.note, how.now);
    // a cancelled (revoked) order is its alarm repealed: developers subscribed to that are told, in this transaction
    if (action === 'cancel')
      await enqueueWebhooks(trx, {
        type: 'alarm.repealed',
        tenantId: order.tenantId,
        elevatorId: order.elevatorId,
        time: how.now,
        data: {
          workOrderId: order.id,
          workOrderNo: order.workOrderNo,
          elevatorId: order.elevatorId,
          dtuCode: order.deviceCode,
          reason: (how.set?.revocationReason as string | null | undefined) ?? null,
          repealTime: how.now,
        },
      });
    return to;
  }

  private track(
    trx: Trx,
    workOrderId: number,
    action: string,
    fromState: number | null,
    toState: number,
    userName: string | null,
    note: string | null,
    time: number,
  ): Promise<void> {
    return logOrderStep(trx, { workOrderId, action, fromState, toState, userName, note, time });
  }

  /** The order's live frame (null when it does not match its schema outside tests: logged and dropped). */
  private event(
    order: OrderRow,
    to: number,
    action: string,
    by: string | null,
    audience: Audience,
    alarm: Pick<LiveFrameData<'workOrder'>, 'type' | 'alarmTime'> = {},
  ): CheckedLiveEvent | null {
    return this.live.build('workOrder', audience, {
      id: order.id,
      workOrderNo: order.workOrderNo,
      recordState: to,
      dtu: order.deviceCode,
      elevatorId: order.elevatorId,
      elevatorName: order.elevatorName,
      ...alarm,
      action,
      ...(by === null ? {} : { by }),
    });
  }

  private async read(db: Loose | Trx, id: number): Promise<OrderRow | null> {
    const row = await db.selectFrom('workOrders').select(ORDER_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? orderRow(row) : null;
  }

  /** The elevator's open order, if any: the newest, as only one is opened at a time. */
  private async openOrderOf(trx: Trx, elevatorId: number): Promise<OrderRow | null> {
    const row = await trx
      .selectFrom('workOrders')
      .select(ORDER_COLUMNS)
      .where('elevatorId', '=', elevatorId)
      .where('recordState', 'in', [...OPEN_STATES])
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? orderRow(row) : null;
  }

  private async audienceOf(trx: Trx, order: OrderRow): Promise<Audience> {
    const elevator = await trx
      .selectFrom('elevators')
      .select([...ELEVATOR_ORG_COLUMNS])
      .where('id', '=', order.elevatorId)
      .executeTakeFirst();
    return {
      tenantId: order.tenantId,
      orgIds: elevator ? elevatorOrgIds(elevator) : [],
      elevatorId: order.elevatorId,
    };
  }
}

const present = <T>(items: (T | null)[]): T[] => items.filter((i): i is T => i !== null);

/** What a person's action writes beside the state: who received it and when, the handling, the reason. */
function userActionChanges(
  order: OrderRow,
  action: UserAction,
  actor: Actor,
  details: ActionDetails,
  now: number,
): Record<string, unknown> {
  switch (action) {
    case 'receive':
      return { acceptorId: actor.userId, callTime: now };
    case 'finish':
      return { finishTime: now, handling: details.handling ?? null, faultReason: details.faultReason ?? null };
    case 'cancel':
      return { revocationReason: details.reason ?? null };
    case 'confirm':
      return { confirmPeople: actor.username, ...(order.finishTime === null ? { finishTime: now } : {}) };
    case 'arrive':
      return {};
  }
}
