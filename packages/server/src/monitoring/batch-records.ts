import type { FaultMessage, UpKind } from '@liftcloud/client';
import type { Transaction } from 'kysely';
import type { LooseDB } from '../store/repository.js';
import type { PreparedRun } from './eocd-runs.js';
import type { GatewayInfo } from './gateways.js';

/** One gateway message waiting in the ingest's batch, and how it is told that it was stored. */
export interface Pending {
  gateway: GatewayInfo;
  kind: UpKind;
  message: Record<string, unknown>;
  /** The secret's hash the connection logged in with (embedded broker); undefined: the broker vouched for it. */
  credential: string | undefined;
  /** A vibration run, decoded and measured before the batch. */
  run?: PreparedRun;
  done: (err?: Error) => void;
}

export type Trx = Transaction<LooseDB>;

/** The columns every record of a gateway's message starts with. */
export const recordOf = ({ gateway, message }: Pending, now: number) => ({
  tenantId: gateway.tenantId,
  orgId: gateway.orgId,
  elevatorId: gateway.elevatorId,
  dtuCode: gateway.dtu,
  msgId: String(message.id),
  createTime: now,
  updateTime: now,
});

/**
 * The batch's fault records in one INSERT (a burst of faults is the ingest's heaviest load: one statement
 * instead of one a message, issue 21 B1). A message already stored (the gateway resent it) inserts nothing and
 * gets no id; of two copies in one batch the first gets the id, so the second counts as the duplicate it is.
 */
export async function insertFaults(trx: Trx, items: Pending[], now: number): Promise<Map<Pending, number>> {
  const faults = items.filter((item) => item.kind === 'fault');
  const ids = new Map<Pending, number>();
  if (!faults.length) return ids;
  const floors = await mappedFaultFloors(trx, faults);
  const rows = await trx
    .insertInto('faultRecords')
    .values(
      faults.map((item) => {
        const m = item.message as FaultMessage;
        // the floor its code stands for in the lift's floor mapping, and what the display shows there
        const mapped = m.floorCode ? floors.get(`${item.gateway.elevatorId}\n${m.floorCode}`) : undefined;
        return {
          ...recordOf(item, now),
          faultNo: m.code,
          faultType: m.faultType ?? null,
          faultTime: m.ts,
          mainBoardTime: m.mainBoardTime ?? null,
          faultStorey: m.floor,
          faultFloor: mapped ? Number(mapped.actualFloor) : m.floor,
          displayFaultFloor: mapped ? String(mapped.displayedFloor) : String(m.floor),
          faultFloorCode: m.floorCode,
          hex: m.hex ?? null,
          hazardCode: m.hazardCode ?? null,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning(['id', 'dtuCode', 'msgId'])
    .execute();
  const byMessage = new Map(rows.map((r) => [`${String(r.dtuCode)}\n${String(r.msgId)}`, Number(r.id)]));
  for (const item of faults) {
    const key = `${item.gateway.dtu}\n${String(item.message.id)}`;
    const id = byMessage.get(key);
    if (id === undefined) continue;
    ids.set(item, id);
    byMessage.delete(key);
  }
  return ids;
}

/** The floor mappings the batch's fault codes name, by elevator and code: one query for the batch. */
async function mappedFaultFloors(
  trx: Trx,
  faults: Pending[],
): Promise<Map<string, { actualFloor: unknown; displayedFloor: unknown }>> {
  const codes = new Set<string>();
  const elevators = new Set<number>();
  for (const item of faults) {
    const code = (item.message as FaultMessage).floorCode;
    if (!code) continue;
    codes.add(code);
    elevators.add(item.gateway.elevatorId!);
  }
  if (!codes.size) return new Map();
  const rows = await trx
    .selectFrom('floorMappings')
    .select(['elevatorId', 'faultFloorCode', 'actualFloor', 'displayedFloor'])
    .where('elevatorId', 'in', [...elevators])
    .where('faultFloorCode', 'in', [...codes])
    .execute();
  return new Map(rows.map((r) => [`${String(r.elevatorId)}\n${String(r.faultFloorCode)}`, r]));
}
