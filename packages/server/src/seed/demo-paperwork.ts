import {
  CONTRACT_STATE,
  INSPECTION_RESULT,
  OPEN_STATES,
  WORK_ORDER_STATE as W,
  nextInspectionDate,
} from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { DemoIds } from './demo.js';
import { seedSafetyChecksAndSales } from './demo-checks-and-sales.js';

const DAY = 24 * 3600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * How each use unit's contract runs, in days from today: the first two end within the expiry notice's 30 days,
 * the third ended last month and was renewed the day after, the others run for months yet.
 */
const CONTRACT_ENDS = [12, 26, -35, 190, 250];
const PACKAGING = [1, 2, 1, 2, 1];

/** Days before today a lift passed last year's inspection: the first five fall due within the coming month. */
const inspectedDaysAgo = (k: number) => (k < 5 ? 365 - [4, 9, 15, 21, 27][k]! : 300 - ((k * 37) % 290));

interface Lift {
  id: number;
  orgId: number;
  name: string;
  dtu: string;
  address: string | null;
  useUnitId: number;
  useUnitName: string;
  companyId: number;
  workerId: number;
}

/**
 * The demo fleet's paperwork, relative to `now`: a maintenance contract per use unit covering its lifts (two
 * expiring within 30 days, one expired and renewed) and each lift's last annual inspection (five due within the
 * month); one lift failed a re-inspection ten days ago and its rectification order is under way (received);
 * last month's safety checks and three modernisation sales orders (demo-checks-and-sales.ts).
 * Written straight to the store like the rest of the history: nothing is announced.
 */
export async function seedDemoPaperwork(
  db: Kysely<DB>,
  demo: DemoIds,
  elevatorIds: number[],
  now: number,
): Promise<void> {
  const loose = db as unknown as Kysely<LooseDB>;
  const rows = await loose
    .selectFrom('elevators as e')
    .innerJoin('useUnits as u', 'u.id', 'e.useUnitId')
    .innerJoin('elevatorMaintainers as m', 'm.elevatorId', 'e.id')
    .select(['e.id', 'e.orgId', 'e.name', 'e.dtuCode', 'e.address', 'e.useUnitId', 'e.maintenanceCompanyId'])
    .select(['u.name as useUnitName', 'm.userId'])
    .where('e.id', 'in', elevatorIds)
    .orderBy('e.id')
    .execute();
  const lifts: Lift[] = rows.map((r) => ({
    id: Number(r.id),
    orgId: Number(r.orgId),
    name: String(r.name),
    dtu: String(r.dtuCode),
    address: r.address === null ? null : String(r.address),
    useUnitId: Number(r.useUnitId),
    useUnitName: String(r.useUnitName),
    companyId: Number(r.maintenanceCompanyId),
    workerId: Number(r.userId),
  }));
  const units = [...new Set(lifts.map((l) => l.useUnitId))];
  const tenant = { tenantId: demo.tenants.demo };

  await loose.transaction().execute(async (trx) => {
    const contract = async (k: number, no: string, start: number, end: number, covered: Lift[]) => {
      const first = covered[0]!;
      const row = await trx
        .insertInto('contracts')
        .values({
          ...tenant,
          // signed on its first day
          createTime: start,
          updateTime: start,
          orgId: first.orgId,
          contractNo: no,
          source: 1,
          siteName: first.useUnitName,
          useUnitId: first.useUnitId,
          maintenanceCompanyId: first.companyId,
          startDate: day(start),
          endDate: day(end),
          price: covered.length * 9_600,
          monthlyUnitPrice: 800,
          packagingForm: PACKAGING[k % PACKAGING.length],
          paymentMethod: 1,
          subcontract: 0,
          inspectionUndertaker: 1,
          state: CONTRACT_STATE.valid,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('contractElevators')
        .values(covered.map((l) => ({ contractId: Number(row.id), elevatorId: l.id })))
        .execute();
    };
    for (const [k, unitId] of units.entries()) {
      const covered = lifts.filter((l) => l.useUnitId === unitId);
      const end = now + CONTRACT_ENDS[k % CONTRACT_ENDS.length]! * DAY;
      const start = end - 364 * DAY;
      const no = (year: number) => `HT-${year}-${String(k + 1).padStart(3, '0')}`;
      await contract(k, no(new Date(start).getUTCFullYear()), start, end, covered);
      // an expired contract was renewed from the day after it ended
      if (end < now) await contract(k, no(new Date(end).getUTCFullYear()), end + DAY, end + 365 * DAY, covered);
    }

    await trx
      .insertInto('inspections')
      .values(
        lifts.map((l, k) => {
          const checkedAt = now - inspectedDaysAgo(k) * DAY;
          const checkDate = day(checkedAt);
          return {
            ...tenant,
            // entered the day of the inspection
            createTime: checkedAt,
            updateTime: checkedAt,
            orgId: l.orgId,
            checkNo: `NJ-${checkDate.slice(0, 4)}-${String(l.id).padStart(5, '0')}`,
            elevatorId: l.id,
            checkDate,
            result: INSPECTION_RESULT.pass,
            nextCheckDate: nextInspectionDate(checkDate),
          };
        }),
      )
      .execute();

    await seedSafetyChecksAndSales(trx, demo.tenants.demo, lifts, now);

    // a re-inspection failed ten days ago: its rectification order was received and is under way (on a lift
    // with no other open order: the work-order service keeps one open order per lift)
    const busy = await trx
      .selectFrom('workOrders')
      .select('elevatorId')
      .where('elevatorId', 'in', elevatorIds)
      .where('recordState', 'in', [...OPEN_STATES])
      .execute();
    const failed = lifts.findLast((l) => !busy.some((b) => Number(b.elevatorId) === l.id));
    if (!failed) return;
    const checkedAt = now - 10 * DAY;
    const inspection = await trx
      .insertInto('inspections')
      .values({
        ...tenant,
        createTime: checkedAt,
        updateTime: checkedAt,
        orgId: failed.orgId,
        checkNo: `NJ-${day(checkedAt).slice(0, 4)}-R${String(failed.id).padStart(5, '0')}`,
        elevatorId: failed.id,
        checkDate: day(checkedAt),
        result: INSPECTION_RESULT.noPass,
        rectificationDate: day(now + 10 * DAY),
        note: 'Brake lining worn below its limit; emergency lighting in the car failed its test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const receivedAt = checkedAt + 2 * 3600_000;
    const order = await trx
      .insertInto('workOrders')
      .values({
        tenantId: demo.tenants.demo,
        orgId: failed.orgId,
        workOrderNo: `P${checkedAt.toString(36).toUpperCase()}${String(failed.id).padStart(4, '0')}`,
        elevatorId: failed.id,
        elevatorName: failed.name,
        address: failed.address,
        deviceCode: failed.dtu,
        type: 0,
        recordState: W.received,
        alarmTime: checkedAt,
        repairMethod: 4,
        hasPeople: 0,
        inspectionId: Number(inspection.id),
        reported: 1,
        callTime: receivedAt,
        acceptorId: failed.workerId,
        createTime: checkedAt,
        updateTime: receivedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = Number(order.id);
    await trx
      .insertInto('workOrderPeople')
      .values({ workOrderId: orderId, userId: failed.workerId, role: 'repair' })
      .execute();
    await trx.updateTable('inspections').set({ workOrderId: orderId }).where('id', '=', inspection.id).execute();
    await trx
      .insertInto('workOrderLogs')
      .values([
        {
          workOrderId: orderId,
          action: 'report',
          fromState: null,
          toState: W.reported,
          userName: null,
          note: null,
          time: checkedAt,
        },
        {
          workOrderId: orderId,
          action: 'receive',
          fromState: W.reported,
          toState: W.received,
          userName: null,
          note: null,
          time: receivedAt,
        },
      ])
      .execute();
  });
}
