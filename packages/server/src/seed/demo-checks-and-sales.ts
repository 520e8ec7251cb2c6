import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { LooseDB } from '../store/repository.js';

const DAY = 24 * 3600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The lift fields the demo's checks and sales orders name. */
export interface DemoLift {
  id: number;
  orgId: number;
  useUnitId: number;
  useUnitName: string;
}

/** maintenanceItemCondition: qualified, unqualified. */
const QUALIFIED = 2;
const UNQUALIFIED = 4;
const ITEMS = ['machineRoom', 'car', 'landingDoors', 'shaftPit', 'safetyDevices', 'emergencyAlarm', 'signage'];

/**
 * Safety checks (/safeCheck) and modernisation sales orders (/modSalesOrder) for the demo, relative to `now`,
 * as their rules allow them (safetyCheckRules: an unqualified item has findings and a deadline):
 * - a check of each of the first six lifts last month, all qualified but one, whose landing doors failed: a
 *   minor hazard, rectification pending with a deadline next week; and one major hazard found and rectified;
 * - three sales orders: a door operator upgrade quoted (its scheme link opens without a login), a control
 *   system modernisation signed, an older quote lost.
 */
export async function seedSafetyChecksAndSales(
  trx: Transaction<LooseDB>,
  tenantId: number,
  lifts: DemoLift[],
  now: number,
): Promise<void> {
  const checked = lifts.slice(0, 6);
  if (!checked.length) return;
  await trx
    .insertInto('safetyChecks')
    .values(
      checked.map((l, k) => {
        const at = now - (20 + k * 2) * DAY;
        const pending = k === 1;
        const rectified = k === 3;
        const failing = pending ? 'landingDoors' : rectified ? 'safetyDevices' : null;
        return {
          tenantId,
          orgId: l.orgId,
          createTime: at,
          updateTime: rectified ? at + 5 * DAY : at,
          checkNo: `AQ-${day(at).replace(/-/g, '')}-${String(l.id).padStart(4, '0')}`,
          elevatorId: l.id,
          checkDate: day(at),
          inspector: 'Li Wei',
          ...Object.fromEntries(ITEMS.map((item) => [item, item === failing ? UNQUALIFIED : QUALIFIED])),
          findings: pending
            ? 'Landing door on floor 3 closes with a gap above its limit; the door lock engages late'
            : rectified
              ? 'Overspeed governor rope worn; safety gear test not passed'
              : null,
          hazardLevel: pending ? 1 : rectified ? 2 : 0,
          rectificationRequirement: pending
            ? 'Adjust the floor 3 landing door and its lock, then test'
            : rectified
              ? 'Replace the governor rope and repeat the safety gear test'
              : null,
          rectificationDeadline: pending ? day(now + 7 * DAY) : rectified ? day(at + 7 * DAY) : null,
          rectificationState: pending ? 1 : rectified ? 2 : 0,
          rectifiedDate: rectified ? day(at + 5 * DAY) : null,
        };
      }),
    )
    .execute();

  const unit = lifts[0]!;
  const unitLifts = lifts.filter((l) => l.useUnitId === unit.useUnitId).slice(0, 3);
  const orders = [
    {
      salesOrderNo: 'GZ-2026-001',
      schemeTitle: 'Door operator upgrade',
      schemeItems: 'Door operator and controller\nLanding door rollers and gibs\nLight curtain',
      totalPrice: 52_000,
      status: 2,
      validUntil: day(now + 30 * DAY),
      created: now - 6 * DAY,
    },
    {
      salesOrderNo: 'GZ-2026-002',
      schemeTitle: 'Control system modernisation',
      schemeItems: 'Main controller and drive\nCar and landing call buttons\nTravelling cable',
      totalPrice: 186_000,
      status: 3,
      validUntil: day(now - 10 * DAY),
      created: now - 40 * DAY,
    },
    {
      salesOrderNo: 'GZ-2025-014',
      schemeTitle: 'Car interior refurbishment',
      schemeItems: 'Car walls and ceiling\nHandrail and mirror',
      totalPrice: 38_500,
      status: 4,
      validUntil: day(now - 90 * DAY),
      created: now - 150 * DAY,
    },
  ];
  for (const o of orders) {
    const row = await trx
      .insertInto('modSalesOrders')
      .values({
        tenantId,
        orgId: unit.orgId,
        createTime: o.created,
        updateTime: o.created,
        salesOrderNo: o.salesOrderNo,
        customerName: unit.useUnitName,
        contactPerson: 'Zhao Min',
        contactPhone: '13800000021',
        useUnitId: unit.useUnitId,
        schemeTitle: o.schemeTitle,
        schemeItems: o.schemeItems,
        totalPrice: o.totalPrice,
        validUntil: o.validUntil,
        salesman: 'Chen Jie',
        status: o.status,
        schemeKey: randomBytes(24).toString('base64url'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (unitLifts.length)
      await trx
        .insertInto('modSalesOrderElevators')
        .values(unitLifts.map((l) => ({ orderId: Number(row.id), elevatorId: l.id })))
        .execute();
  }
}
