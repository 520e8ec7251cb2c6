import type { Kysely } from 'kysely';
import type { TestServer } from './server.js';

/**
 * Alarm, fault and repair-order rows written straight into the test store, as the ingest would have written
 * them, at chosen times (a gateway cannot report last Tuesday's alarm through the broker in a test).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several tables, checked by the store
type Loose = Kysely<Record<string, any>>;

export interface RecordOwner {
  tenantId: number;
  orgId: number;
  elevatorId: number;
}

let seq = 0;
const next = () => `${process.pid}-${++seq}`;
const db = (s: TestServer) => s.store.db as unknown as Loose;

export async function insertAlarm(
  s: TestServer,
  owner: RecordOwner,
  at: number,
  type = 2,
  opts: { cleared?: boolean; floor?: number } = {},
): Promise<number> {
  const row = await db(s)
    .insertInto('alarmRecords')
    .values({
      ...owner,
      dtuCode: '86000000000',
      msgId: `a-${next()}`,
      type,
      floor: opts.floor ?? 3,
      cleared: opts.cleared ? 1 : 0,
      alarmTime: at,
      createTime: at,
      updateTime: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertFault(s: TestServer, owner: RecordOwner, at: number): Promise<void> {
  await db(s)
    .insertInto('faultRecords')
    .values({
      ...owner,
      dtuCode: '86000000000',
      msgId: `f-${next()}`,
      faultNo: 'E35',
      faultTime: at,
      faultStorey: 2,
      createTime: at,
      updateTime: at,
    })
    .execute();
}

export async function insertOrder(s: TestServer, owner: RecordOwner, recordState: number, type = 2): Promise<number> {
  const now = Date.now();
  const row = await db(s)
    .insertInto('workOrders')
    .values({
      ...owner,
      workOrderNo: `T${next()}`,
      elevatorName: null,
      type,
      recordState,
      alarmTime: now,
      repairMethod: 1,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setOnline(s: TestServer, elevatorId: number, online: boolean): Promise<void> {
  await db(s)
    .updateTable('elevators')
    .set({ onlineStatus: online ? 1 : 0 })
    .where('id', '=', elevatorId)
    .execute();
}

/** The tenant and organisation an elevator's records carry (the ingest copies them from its gateway). */
export async function ownerOf(s: TestServer, elevatorId: number): Promise<RecordOwner> {
  const row = await db(s)
    .selectFrom('elevators')
    .select(['tenantId', 'orgId'])
    .where('id', '=', elevatorId)
    .executeTakeFirstOrThrow();
  return { tenantId: Number(row.tenantId), orgId: Number(row.orgId), elevatorId };
}
