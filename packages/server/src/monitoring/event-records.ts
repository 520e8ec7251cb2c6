import type { EventMessage } from '@liftcloud/client';
import type { Transaction } from 'kysely';
import type { LooseDB } from '../store/repository.js';

type Trx = Transaction<LooseDB>;

/** What every record from a gateway carries: tenant, organisation, elevator, DTU, message id, times. */
export type GatewayRecord = Record<string, unknown> & { dtuCode: string; msgId: string };

/** A call event becomes a call record; false when the message was stored before (same DTU and id). */
export async function storeCall(trx: Trx, record: GatewayRecord, m: EventMessage): Promise<boolean> {
  const inserted = await trx
    .insertInto('callRecords')
    .values({
      ...record,
      callTime: m.ts,
      durationSeconds: m.durationSeconds ?? null,
      originator: m.originator ?? null,
      connector: m.connector ?? null,
      phone: m.phone ?? null,
      audio: m.audio ?? null,
    })
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A liftCall event becomes a call-elevator record; false when the message was stored before. */
export async function storeLiftCall(trx: Trx, record: GatewayRecord, m: EventMessage): Promise<boolean> {
  const inserted = await trx
    .insertInto('liftCallRecords')
    .values({
      ...record,
      callTime: m.ts,
      username: m.username ?? null,
      mobile: m.mobile ?? null,
      startFloor: m.startFloor ?? null,
      endFloor: m.endFloor ?? null,
      operationType: m.operationType!,
    })
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export interface Hazard {
  hazardTime: number;
  code: string;
  description?: string | null;
  /** The fault that revealed it, when it came with one. */
  faultRecordId?: number | null;
  faultNo?: string | null;
}

/** A hazard event, or a fault with a hazard code, becomes a hazard record; false for a repeated message. */
export async function storeHazard(trx: Trx, record: GatewayRecord, hazard: Hazard): Promise<boolean> {
  const inserted = await trx
    .insertInto('hazardRecords')
    .values({
      ...record,
      hazardTime: hazard.hazardTime,
      code: hazard.code,
      description: hazard.description ?? null,
      faultRecordId: hazard.faultRecordId ?? null,
      faultNo: hazard.faultNo ?? null,
    })
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
