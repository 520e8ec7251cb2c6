import type { FaultMessage, UpKind } from '@liftcloud/client';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
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

/** The columns of a fault record the ingest writes, in the order faultRow gives their values. */
const FAULT_COLUMNS = [
  'tenant_id',
  'org_id',
  'elevator_id',
  'dtu_code',
  'msg_id',
  'create_time',
  'update_time',
  'fault_no',
  'fault_type',
  'fault_time',
  'main_board_time',
  'fault_storey',
  'fault_floor',
  'display_fault_floor',
  'fault_floor_code',
  'hex',
  'hazard_code',
] as const;

type FloorMappings = Map<string, { actualFloor: unknown; displayedFloor: unknown }>;

/** A fault message's values in FAULT_COLUMNS' order (recordOf's columns first). */
function faultRow(item: Pending, now: number, floors: FloorMappings): unknown[] {
  const { gateway } = item;
  const m = item.message as FaultMessage;
  // the floor its code stands for in the lift's floor mapping, and what the display shows there
  const mapped = m.floorCode ? floors.get(`${gateway.elevatorId}\n${m.floorCode}`) : undefined;
  return [
    gateway.tenantId,
    gateway.orgId,
    gateway.elevatorId,
    gateway.dtu,
    String(m.id),
    now,
    now,
    m.code,
    m.faultType ?? null,
    m.ts,
    m.mainBoardTime ?? null,
    m.floor,
    mapped ? Number(mapped.actualFloor) : m.floor,
    mapped ? String(mapped.displayedFloor) : String(m.floor),
    m.floorCode ?? null,
    m.hex ?? null,
    m.hazardCode ?? null,
  ];
}

const FAULT_INSERT = `insert into fault_records (${FAULT_COLUMNS.join(', ')})`;
const FAULT_CONFLICT =
  'on conflict (dtu_code, msg_id) do nothing returning id, dtu_code as "dtuCode", msg_id as "msgId"';
/** SQLite: the rows as one JSON parameter, so the statement is the same for any batch and stays prepared. */
const SQLITE_FAULT_INSERT = `${FAULT_INSERT} select ${FAULT_COLUMNS.map((_, i) => `value ->> ${i}`).join(', ')} from json_each(?) where true ${FAULT_CONFLICT}`;

/** The batch's rows as one statement, written directly: Kysely's builder took longer to build it than SQLite to run it. */
function faultInsert(rows: unknown[][], dialect: Dialect): CompiledQuery {
  if (dialect === 'sqlite') return CompiledQuery.raw(SQLITE_FAULT_INSERT, [JSON.stringify(rows)]);
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`);
  return CompiledQuery.raw(`${FAULT_INSERT} values ${tuples.join(', ')} ${FAULT_CONFLICT}`, params);
}

/**
 * The batch's fault records in one INSERT (a burst of faults is the ingest's heaviest load: one statement
 * instead of one a message, issue 21 B1), written as SQL directly (faultInsert). A message already stored (the
 * gateway resent it) inserts nothing and gets no id; of two copies in one batch the first gets the id, so the
 * second counts as the duplicate it is.
 */
export async function insertFaults(
  trx: Trx,
  items: Pending[],
  now: number,
  dialect: Dialect,
): Promise<Map<Pending, number>> {
  const faults = items.filter((item) => item.kind === 'fault');
  const ids = new Map<Pending, number>();
  if (!faults.length) return ids;
  const floors = await mappedFaultFloors(trx, faults);
  const { rows } = await trx.executeQuery<{ id: number | string; dtuCode: string; msgId: string }>(
    faultInsert(
      faults.map((item) => faultRow(item, now, floors)),
      dialect,
    ),
  );
  const byMessage = new Map(rows.map((r) => [`${r.dtuCode}\n${r.msgId}`, Number(r.id)]));
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
async function mappedFaultFloors(trx: Trx, faults: Pending[]): Promise<FloorMappings> {
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
