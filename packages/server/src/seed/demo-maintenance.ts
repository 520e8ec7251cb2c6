import { MAINTENANCE_ORDER_STATUS as M } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { LooseDB } from '../store/repository.js';
import type { DemoIds } from './demo.js';
import type { Lift } from './demo-history.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What the demo's maintenance is written from (seedDemoHistory's lifts, clock and seeded chance). */
export interface DemoMaintenanceInput {
  demo: DemoIds;
  lifts: Lift[];
  now: number;
  /** The start of the seeded history. */
  start: number;
  between: (a: number, b: number) => number;
  username: Map<number, string>;
  isEscalator: (l: Lift) => boolean;
}

/**
 * The demo's maintenance, inside the history's transaction: a maintenance type for lifts and one for escalators,
 * each lift's orders from a week back to a week ahead with their timelines, and each maintenance company's
 * settings and plans.
 */
export async function seedDemoMaintenance(trx: Kysely<LooseDB>, input: DemoMaintenanceInput): Promise<void> {
  const { demo, lifts, now, start, between, username, isEscalator } = input;
  // maintenance: one type for lifts and one for escalators, an order every 15 days per lift from a week back
  // to a week ahead, past ones done (one overdue), future ones sent, accepted or waiting for their send day
  const liftItems = [
    { name: 'Brake', content: 'Check the brake lining and its clearance', requirement: 'Lining over 5 mm', area: 1 },
    { name: 'Car door', content: 'Clean the door sill and check the door lock', requirement: 'No debris', area: 2 },
    { name: 'Landing doors', content: 'Check every landing door lock', requirement: 'Locks engage', area: 3 },
    { name: 'Pit', content: 'Clean the pit and test the buffer', requirement: 'Dry and clean', area: 4 },
  ];
  const escalatorItems = [
    { name: 'Steps', content: 'Check the steps and comb plates', requirement: 'No broken teeth', area: 5 },
    { name: 'Handrail', content: 'Check the handrail speed against the steps', requirement: 'Within 2%', area: 5 },
  ];
  const typeIds: Record<'lift' | 'escalator', number> = { lift: 0, escalator: 0 };
  for (const [key, name, elevatorType, items] of [
    ['lift', 'Half-monthly lift maintenance', 1, liftItems],
    ['escalator', 'Half-monthly escalator maintenance', 6, escalatorItems],
  ] as const) {
    const row = await trx
      .insertInto('maintenanceTypes')
      .values({
        tenantId: demo.tenants.demo,
        orgId: demo.companies.maintenance,
        name,
        elevatorType,
        classification: 1,
        items: JSON.stringify(items),
        createTime: start,
        updateTime: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds[key] = Number(row.id);
  }
  for (const [index, l] of lifts.entries()) {
    const items = isEscalator(l) ? escalatorItems : liftItems;
    const planDay = now + ((index % 15) - 7) * DAY;
    const planDate = day(planDay);
    const past = planDay < now - DAY;
    const overdue = past && index % 9 === 4;
    const status = overdue
      ? M.accepted
      : past
        ? index % 3 === 0
          ? M.completed
          : M.confirmed
        : index % 3 === 0
          ? M.inPlan
          : index % 3 === 1
            ? M.sent
            : M.accepted;
    // sent two days ahead of the plan date, accepted three hours later; an order whose plan is days ahead was
    // sent a few hours ago, and created the day before it was sent (never after, never in the future)
    const sent = Math.min(planDay - 2 * DAY, now - 4 * HOUR);
    const acceptedAt = Math.min(sent + 3 * HOUR, now - HOUR);
    const doneAt = planDay + between(9 * 60, 16 * 60) * MINUTE - DAY / 2;
    const accepted = status !== M.inPlan && status !== M.sent;
    const order = await trx
      .insertInto('maintenanceOrders')
      .values({
        tenantId: demo.tenants.demo,
        orgId: l.orgId,
        orderNo: `M${planDate.replace(/-/g, '')}D${String(l.id).padStart(4, '0')}`,
        elevatorId: l.id,
        maintenanceTypeId: isEscalator(l) ? typeIds.escalator : typeIds.lift,
        items: JSON.stringify(items.map((i) => ({ ...i, condition: past && !overdue ? 2 : 0 }))),
        companyId: l.companyId,
        worker1Id: l.workerId,
        planDate,
        status,
        recentNotAccept: 0,
        ...(status === M.inPlan ? {} : { sentTime: sent }),
        ...(accepted ? { acceptTime: acceptedAt } : {}),
        ...(past && !overdue
          ? {
              maintenanceDate: day(doneAt),
              duration: between(35, 80),
              signInTime: doneAt - HOUR,
              signInDistance: between(5, 60),
              completeTime: doneAt,
              completion: 'All items checked; nothing to report',
              ...(status === M.confirmed ? { confirmTime: doneAt + 2 * HOUR, evaluation: 1 } : {}),
            }
          : {}),
        createTime: sent - DAY,
        updateTime: past && !overdue ? doneAt : accepted ? acceptedAt : sent,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const logs: [string, number | null, number, number][] = [];
    if (status !== M.inPlan) logs.push(['send', M.created, M.sent, sent]);
    if (accepted) logs.push(['accept', M.sent, M.accepted, acceptedAt]);
    if (past && !overdue) {
      logs.push(['signIn', M.accepted, M.signedIn, doneAt - HOUR]);
      logs.push(['record', M.signedIn, M.inExecution, doneAt - 30 * MINUTE]);
      logs.push(['complete', M.inExecution, M.completed, doneAt]);
      if (status === M.confirmed) logs.push(['confirm', M.completed, M.confirmed, doneAt + 2 * HOUR]);
    }
    if (logs.length)
      await trx
        .insertInto('maintenanceOrderLogs')
        .values(
          logs.map(([action, fromStatus, toStatus, time]) => ({
            orderId: Number(order.id),
            action,
            fromStatus,
            toStatus,
            userName: action === 'send' || action === 'confirm' ? 'admin' : (username.get(l.workerId) ?? null),
            note: null,
            time,
          })),
        )
        .execute();
  }

  // each maintenance company's settings, and its plans from the day after the seeded orders for a year:
  // nothing generated or sent by itself (autoGenerate off, autoSendDay 0), so the demo's orders stay as seeded
  // until someone generates a plan's orders (console or `liftctl maint plan generate`)
  for (const companyId of [...new Set(lifts.map((l) => l.companyId))]) {
    // kept by the company itself, as its maintenance types are
    const orgId = companyId;
    await trx
      .insertInto('maintenanceSettings')
      .values({
        tenantId: demo.tenants.demo,
        orgId,
        companyId,
        autoSendDay: 0,
        cycle: 15,
        distance: 500,
        autoGenerate: 0,
        initialTime: '08:00',
        signInMethod: 1,
        photoRequired: 0,
        recordingRequired: 0,
        textRequired: 0,
        createTime: start,
        updateTime: start,
      })
      .execute();
    for (const kind of ['lift', 'escalator'] as const) {
      const covered = lifts.filter((l) => l.companyId === companyId && isEscalator(l) === (kind === 'escalator'));
      if (!covered.length) continue;
      const plan = await trx
        .insertInto('maintenancePlans')
        .values({
          tenantId: demo.tenants.demo,
          orgId,
          name: `Half-monthly ${kind} maintenance, ${day(now + 8 * DAY).slice(0, 4)}`,
          maintenanceTypeId: typeIds[kind],
          companyId,
          startDate: day(now + 8 * DAY),
          endDate: day(now + 373 * DAY),
          cycle: 15,
          status: 1,
          createTime: now - DAY,
          updateTime: now - DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('maintenancePlanElevators')
        .values(covered.map((l) => ({ planId: Number(plan.id), elevatorId: l.id })))
        .execute();
    }
  }
}
