import type {
  AlarmMessage,
  EventMessage,
  FaultMessage,
  HeartbeatMessage,
  LiveFrameData,
  LiveFrameTypeName,
  MeterMessage,
  ReplyMessage,
  StatusMessage,
  VibrationMessage,
} from '@liftcloud/client';
import { enqueueNotifications, noticeTime } from '../services/notifications.js';
import { enqueueWebhooks, type WebhookTargetsCache } from '../services/webhooks.js';
import type { WorkOrderService } from '../services/work-orders.js';
import { recordOf, type Pending, type Trx } from './batch-records.js';
import { storeRun } from './eocd-runs.js';
import { storeCall, storeHazard, storeLiftCall } from './event-records.js';
import type { GatewayInfo } from './gateways.js';
import type { IngestStats } from './ingest.js';
import type { CheckedLiveEvent, LiveAudience, LiveEvents } from './live-events.js';
import { storeMeterReading } from './meter-readings.js';

/** What the messages of one batch share in its transaction. */
export interface BatchContext {
  /** The fault records the batch inserted up front (one statement), by message; absent: a duplicate. */
  faultIds: Map<Pending, number>;
  webhookTargets: WebhookTargetsCache;
}

/**
 * Writes each kind of gateway message inside the ingest's batch transaction (ingest.ts does the batching and
 * the routing): its record, the webhooks and notices it queues, the repair order an alarm moves, and the live
 * frames sent once the batch commits. Repeated messages are counted as duplicates in the ingest's statistics.
 */
export class MessageWriter {
  constructor(
    private readonly stats: IngestStats,
    private readonly live: LiveEvents,
    private readonly workOrders: WorkOrderService,
  ) {}

  /** Stores one message (a state report goes through storeStatus, once a batch per elevator). */
  async store(trx: Trx, item: Pending, events: CheckedLiveEvent[], context: BatchContext): Promise<void> {
    const { gateway, kind, message, run } = item;
    const now = Date.now();
    const record = recordOf(item, now);
    switch (kind) {
      case 'heartbeat': {
        const m = message as HeartbeatMessage;
        const set: Record<string, unknown> = {};
        if (m.signal !== undefined) set.signalStrength = m.signal;
        if (m.temperature !== undefined) set.temperature = m.temperature;
        if (m.softVer !== undefined) set.softVer = m.softVer;
        if (m.inCall !== undefined) set.inCall = m.inCall ? 1 : 0;
        if (Object.keys(set).length)
          await trx.updateTable('gatewayDevices').set(set).where('id', '=', gateway.gatewayId).execute();
        return;
      }
      case 'fault': {
        const m = message as FaultMessage;
        // inserted with the rest of the batch's faults (insertFaults)
        const id = context.faultIds.get(item);
        if (id === undefined) return void this.stats.duplicates++;
        if (m.hazardCode)
          await storeHazard(trx, record, {
            hazardTime: m.ts,
            code: m.hazardCode,
            faultRecordId: id,
            faultNo: m.code,
          });
        await enqueueWebhooks(
          trx,
          {
            type: 'fault',
            tenantId: gateway.tenantId,
            elevatorId: gateway.elevatorId!,
            time: m.ts,
            data: {
              id,
              elevatorId: gateway.elevatorId,
              dtuCode: gateway.dtu,
              faultNo: m.code,
              floor: m.floor,
              faultTime: m.ts,
            },
          },
          context.webhookTargets,
        );
        this.queueEvent(events, gateway, 'fault', {
          ...elevatorOf(gateway),
          id,
          code: m.code,
          floor: m.floor,
          time: m.ts,
        });
        return;
      }
      case 'alarm':
        return this.storeAlarm(trx, gateway, message as AlarmMessage, record, events, context);
      case 'event': {
        const m = message as EventMessage;
        // Calls, call-elevator records and hazards have lists (and permissions) of their own: stored there only.
        if (m.kind === 'call' || m.kind === 'liftCall' || m.kind === 'hazard') {
          const stored =
            m.kind === 'call'
              ? await storeCall(trx, record, m)
              : m.kind === 'liftCall'
                ? await storeLiftCall(trx, record, m)
                : await storeHazard(trx, record, { hazardTime: m.ts, code: m.code!, description: m.description });
          if (!stored) this.stats.duplicates++;
          return;
        }
        const { id: _id, ts, kind: eventKind, ...detail } = m;
        const inserted = await trx
          .insertInto('eventRecords')
          .values({ ...record, kind: eventKind, eventTime: ts, detail: JSON.stringify(detail), ...runData(m) })
          .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) this.stats.duplicates++;
        else
          await enqueueWebhooks(
            trx,
            {
              type: 'event',
              tenantId: gateway.tenantId,
              elevatorId: gateway.elevatorId!,
              time: ts,
              data: {
                id: Number(inserted.id),
                elevatorId: gateway.elevatorId,
                dtuCode: gateway.dtu,
                kind: eventKind,
                eventTime: ts,
                detail,
              },
            },
            context.webhookTargets,
          );
        return;
      }
      case 'vibration': {
        const m = message as VibrationMessage;
        const stored = await storeRun(trx, record, m, run!, now);
        if (!stored) return void this.stats.duplicates++;
        if (stored.hazard)
          this.queueEvent(events, gateway, 'hazard', {
            ...elevatorOf(gateway),
            id: stored.hazard.id,
            code: stored.hazard.code,
            description: stored.hazard.description,
            hazardTime: m.ts,
            runId: stored.runId,
          });
        return;
      }
      case 'meter':
        if (!(await storeMeterReading(trx, record, message as MeterMessage))) this.stats.duplicates++;
        return;
      case 'reply': {
        const m = message as ReplyMessage;
        await trx
          .updateTable('commandRecords')
          .set({ state: m.state === 'success' ? 1 : 2, reply: m.value ?? null, replyTime: now, updateTime: now })
          .where('id', '=', m.commandId)
          .where('dtuCode', '=', gateway.dtu)
          .where('state', '=', 0)
          .execute();
        return;
      }
    }
  }

  /** An elevator's latest state report of the batch. */
  async storeStatus(trx: Trx, { gateway, message }: Pending, events: CheckedLiveEvent[]): Promise<void> {
    const m = message as StatusMessage;
    const state = {
      floor: m.floor ?? null,
      direction: m.direction,
      door: m.door ?? null,
      run: m.run,
      flags: JSON.stringify(m.flags),
      updateTime: Date.now(),
    };
    await trx
      .insertInto('elevatorStates')
      .values({ elevatorId: gateway.elevatorId, tenantId: gateway.tenantId, ...state })
      .onConflict((oc) => oc.column('elevatorId').doUpdateSet(state))
      .execute();
    this.queueEvent(events, gateway, 'status', {
      ...elevatorOf(gateway),
      floor: m.floor ?? null,
      direction: m.direction,
      door: m.door ?? null,
      run: m.run,
      flags: m.flags,
    });
  }

  private async storeAlarm(
    trx: Trx,
    gateway: GatewayInfo,
    m: AlarmMessage,
    record: Record<string, unknown>,
    events: CheckedLiveEvent[],
    context: BatchContext,
  ): Promise<void> {
    const now = Number(record.createTime);
    const inserted = await trx
      .insertInto('alarmRecords')
      .values({ ...record, type: m.type, floor: m.floor ?? null, cleared: m.cleared ? 1 : 0, alarmTime: m.ts })
      .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return void this.stats.duplicates++;
    // developers subscribing to alarms (raised) or their removal (cleared), queued in this transaction
    await enqueueWebhooks(
      trx,
      {
        type: m.cleared ? 'alarm.removed' : 'alarm.raised',
        tenantId: gateway.tenantId,
        elevatorId: gateway.elevatorId!,
        time: m.ts,
        data: {
          id: Number(inserted.id),
          elevatorId: gateway.elevatorId,
          dtuCode: gateway.dtu,
          type: m.type,
          floor: m.floor ?? null,
          alarmTime: m.ts,
        },
      },
      context.webhookTargets,
    );
    // the users whose alarm switch is on, by the ways they chose (services/notifications.ts), in this transaction
    if (!m.cleared)
      await enqueueNotifications(
        trx,
        {
          topic: 'alarm',
          tenantId: gateway.tenantId,
          elevatorId: gateway.elevatorId!,
          referBizNo: `alarm:${Number(inserted.id)}`,
          values: { type: m.type, floor: m.floor ?? '', time: noticeTime(m.ts) },
        },
        now,
      );
    if (!m.cleared)
      this.queueEvent(events, gateway, 'alarm', {
        ...elevatorOf(gateway),
        id: inserted.id,
        type: m.type,
        floor: m.floor ?? null,
        alarmTime: m.ts,
      });
    // The repair order it opens, joins or (cleared) recovers: the work-order service decides and applies it.
    const moved = await this.workOrders.onAlarm(
      trx,
      {
        alarmRecordId: Number(inserted.id),
        type: m.type,
        cleared: m.cleared === true,
        alarmTime: m.ts,
        tenantId: gateway.tenantId,
        orgId: gateway.orgId,
        elevatorId: gateway.elevatorId!,
        elevatorName: gateway.elevatorName,
        address: gateway.address,
        dtu: gateway.dtu,
        audience: { ...audienceOf(gateway), elevatorId: gateway.elevatorId! },
      },
      now,
    );
    events.push(...moved);
  }

  /** A live event about a gateway's elevator, sent once the batch commits; one that fails its schema is dropped. */
  private queueEvent<K extends LiveFrameTypeName>(
    events: CheckedLiveEvent[],
    gateway: GatewayInfo,
    type: K,
    data: LiveFrameData<K>,
  ): void {
    const event = this.live.build(type, audienceOf(gateway), data);
    if (event) events.push(event);
  }
}

/** Who may see an event about a gateway's elevator: its tenant, its organisations. */
const audienceOf = (gateway: GatewayInfo): LiveAudience => ({
  tenantId: gateway.tenantId,
  orgIds: gateway.orgIds,
  elevatorId: gateway.elevatorId,
});

/** Where a frame about a gateway's elevator comes from; ingest stores nothing for an unbound gateway. */
const elevatorOf = (gateway: GatewayInfo) => ({
  dtu: gateway.dtu,
  // only heartbeats and replies (which send no frame) are taken from an unbound gateway
  elevatorId: gateway.elevatorId!,
  elevatorName: gateway.elevatorName,
});

/** A run's figures, stored as fields beside the detail (domain.md "Run data"); nothing for other events. */
const runData = (m: EventMessage): Record<string, number | null> =>
  m.kind === 'run'
    ? {
        startFloor: m.startFloor ?? null,
        endFloor: m.endFloor ?? null,
        distance: m.distance ?? null,
        maxSpeed: m.maxSpeed ?? null,
        acceleration: m.acceleration ?? null,
        jerk: m.jerk ?? null,
      }
    : {};
