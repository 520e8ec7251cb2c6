import { WORK_ORDER_STATE as W } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { DemoIds } from './demo.js';
import { demoLiftCalls } from './demo-lift-calls.js';
import { seedDemoMaintenance } from './demo-maintenance.js';

/** How far back the demo's history reaches. */
export const HISTORY_DAYS = 7;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A small seeded generator (mulberry32): the same history, relative to now, at every fresh start. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Lift {
  id: number;
  orgId: number;
  name: string;
  address: string | null;
  dtu: string;
  type: number;
  floors: number;
  speed: number;
  companyId: number;
  workerId: number;
}

const FAULTS: [string, string][] = [
  ['E12', 'Door lock circuit open'],
  ['E17', 'Car door did not close in time'],
  ['E22', 'Levelling sensor lost'],
  ['E30', 'Motor overheated'],
  ['E35', 'Safety circuit opened'],
  ['E41', 'Brake contactor feedback'],
];
const ESCALATOR_FAULTS = ['E51', 'E52', 'E55', 'E58'];
const HAZARDS: [string, string][] = [
  ['H01', 'Door lock contact bridged'],
  ['H02', 'Brake wear near its limit'],
  ['H03', 'Levelling error above 20 mm'],
  ['H04', 'Safety circuit opened while running'],
];
const REPAIRS: [string, string][] = [
  ['Cleaned and adjusted the landing door lock', 'Dust on the door lock contact'],
  ['Replaced the levelling sensor', 'Levelling sensor worn'],
  ['Reset the drive and checked the safety circuit', 'Safety circuit tripped by a loose connector'],
  ['Freed the passengers, released the brake by hand and tested the car', 'Power dip stopped the car between floors'],
  ['Replaced the handrail drive chain guard', 'Handrail speed monitor tripped'],
];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A week of what the demo fleet went through, ending at `now`: runs (start and end floors apart), power cuts,
 * faults (some revealing a hazard), intercom calls, call-elevator records, alarms with the repair orders they opened, moved through
 * their states by the maintainers as time allowed (the newest still reported, received or on site), and each
 * lift's maintenance (demo-maintenance.ts). The escalators have no trapped passengers, alarm
 * bells, floors or runs. Written straight to the store in one transaction: nothing is announced.
 */
export async function seedDemoHistory(
  db: Kysely<DB>,
  demo: DemoIds,
  elevatorIds: number[],
  now: number,
): Promise<void> {
  const random = seeded(20);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length) % list.length]!;
  const between = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));
  const start = now - HISTORY_DAYS * DAY;
  const loose = db as unknown as Kysely<LooseDB>;
  const rows = await loose
    .selectFrom('elevators as e')
    .innerJoin('elevatorMaintainers as m', 'm.elevatorId', 'e.id')
    .select(['e.id', 'e.orgId', 'e.name', 'e.address', 'e.dtuCode', 'e.elevatorType', 'e.floors', 'e.ratedSpeed'])
    .select(['e.maintenanceCompanyId', 'm.userId'])
    .where('e.id', 'in', elevatorIds)
    .orderBy('e.id')
    .execute();
  const lifts: Lift[] = rows.map((r) => ({
    id: Number(r.id),
    orgId: Number(r.orgId),
    name: String(r.name),
    address: r.address === null ? null : String(r.address),
    dtu: String(r.dtuCode),
    type: Number(r.elevatorType),
    floors: Number(r.floors ?? 2),
    speed: Number(r.ratedSpeed ?? 1),
    companyId: Number(r.maintenanceCompanyId),
    workerId: Number(r.userId),
  }));
  const users = await loose
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', Object.values(demo.users))
    .execute();
  const username = new Map(users.map((u) => [Number(u.id), String(u.username)]));
  const isEscalator = (l: Lift) => l.type === 6 || l.type === 7;
  let msg = 0;
  const fromGateway = (l: Lift, time: number) => ({
    tenantId: demo.tenants.demo,
    orgId: l.orgId,
    elevatorId: l.id,
    dtuCode: l.dtu,
    msgId: `demo-history-${++msg}`,
    createTime: time,
    updateTime: time,
  });
  const many = async (trx: Kysely<LooseDB>, table: string, values: Record<string, unknown>[]) => {
    for (let i = 0; i < values.length; i += 200)
      await trx
        .insertInto(table)
        .values(values.slice(i, i + 200))
        .execute();
  };

  await loose.transaction().execute(async (trx) => {
    // runs and power cuts: a handful a day per lift, enough for statistics to count
    const events: Record<string, unknown>[] = [];
    for (const l of lifts) {
      if (isEscalator(l)) continue;
      for (let d = 0; d < HISTORY_DAYS; d++)
        for (let n = between(4, 8); n > 0; n--) {
          const time = start + d * DAY + between(6 * 60, 22 * 60) * MINUTE + between(0, 59_999);
          const startFloor = between(1, l.floors);
          let endFloor = between(1, l.floors - 1);
          if (endFloor >= startFloor) endFloor++;
          const floors = Math.abs(endFloor - startFloor);
          const run = {
            startFloor,
            endFloor,
            distance: Number((floors * 3.2).toFixed(1)),
            maxSpeed: Number(Math.min(l.speed, 0.6 + floors * 0.35).toFixed(2)),
            acceleration: Number((0.6 + random() * 0.4).toFixed(2)),
            jerk: Number((0.9 + random() * 0.6).toFixed(2)),
          };
          events.push({
            ...fromGateway(l, time),
            kind: 'run',
            eventTime: time,
            ...run,
            detail: JSON.stringify(run),
          });
        }
    }
    // a power cut at Riverside two days ago, restored 40 minutes later
    for (const l of lifts.filter((x) => x.name.startsWith('Riverside Building 2'))) {
      const cut = now - 2 * DAY - 5 * HOUR;
      events.push({ ...fromGateway(l, cut), kind: 'powerDown', eventTime: cut, detail: '{}' });
      events.push({
        ...fromGateway(l, cut + 40 * MINUTE),
        kind: 'powerRestore',
        eventTime: cut + 40 * MINUTE,
        detail: '{}',
      });
    }
    await many(trx, 'eventRecords', events);

    // faults, about three a lift a week, one in four revealing a hazard
    for (const l of lifts)
      for (let n = between(1, 5); n > 0; n--) {
        const time = start + Math.floor(random() * (now - start - HOUR));
        const floor = isEscalator(l) ? 1 : between(1, l.floors);
        const code = isEscalator(l) ? pick(ESCALATOR_FAULTS) : pick(FAULTS)[0];
        const hazard = !isEscalator(l) && random() < 0.25 ? pick(HAZARDS) : null;
        const record = fromGateway(l, time);
        const fault = await trx
          .insertInto('faultRecords')
          .values({
            ...record,
            faultNo: code,
            faultType: isEscalator(l) ? 'Drive' : pick(['Door', 'Door', 'Drive', 'Safety circuit', 'Levelling']),
            faultTime: time,
            faultStorey: floor,
            faultFloor: floor,
            displayFaultFloor: String(floor),
            faultFloorCode: String(floor).padStart(2, '0'),
            hazardCode: hazard?.[0] ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (hazard)
          await trx
            .insertInto('hazardRecords')
            .values({
              ...fromGateway(l, time),
              hazardTime: time,
              code: hazard[0],
              description: hazard[1],
              faultRecordId: Number(fault.id),
              faultNo: code,
            })
            .execute();
      }

    // intercom calls from the lift cars
    const calls: Record<string, unknown>[] = [];
    for (let n = 0; n < 30; n++) {
      const l = pick(lifts.filter((x) => !isEscalator(x)));
      const time = start + Math.floor(random() * (now - start));
      calls.push({
        ...fromGateway(l, time),
        callTime: time,
        durationSeconds: between(8, 180),
        originator: pick(['Passenger', 'Passenger', 'Maintenance worker']),
        connector: 'Duty room',
        phone: `1380000${String(between(0, 9999)).padStart(4, '0')}`,
        audio: `calls/${l.dtu}-${time}.mp3`,
      });
    }
    await many(trx, 'callRecords', calls);

    // people calling the lifts from the app or a hall QR code (a generator of their own)
    const callable = lifts
      .filter((x) => !isEscalator(x))
      .map((l) => ({ tenantId: demo.tenants.demo, orgId: l.orgId, id: l.id, dtu: l.dtu, floors: l.floors }));
    await many(trx, 'liftCallRecords', demoLiftCalls(callable, start, now, seeded(38)));

    // alarms and their repair orders: a steady trickle over the week, then four recent ones left open in each
    // open state, on lifts of their own (an elevator has one open order at a time)
    const plans: { lift: Lift; time: number; type: number; path: 'repair' | 'recover' | 'cancel'; stopAt?: number }[] =
      [];
    const open = lifts.filter((l) => !isEscalator(l)).slice(0, 4);
    for (let n = 0; n < 26; n++) {
      const l = pick(lifts.filter((x) => !open.includes(x)));
      const type = isEscalator(l) ? pick([0, 3]) : pick([0, 1, 1, 2, 2, 3]);
      const roll = random();
      plans.push({
        lift: l,
        time: start + Math.floor(random() * (HISTORY_DAYS - 1) * DAY),
        type,
        path: roll < 0.2 ? 'recover' : roll < 0.3 ? 'cancel' : 'repair',
      });
    }
    // just reported, received, on site, and finished waiting for confirmation
    plans.push({ lift: open[0]!, time: now - 6 * MINUTE, type: 1, path: 'repair', stopAt: 0 });
    plans.push({ lift: open[1]!, time: now - 35 * MINUTE, type: 2, path: 'repair', stopAt: 1 });
    plans.push({ lift: open[2]!, time: now - 80 * MINUTE, type: 0, path: 'repair', stopAt: 2 });
    plans.push({ lift: open[3]!, time: now - 5 * HOUR, type: 3, path: 'repair', stopAt: 3 });
    plans.sort((a, b) => a.time - b.time);
    const busyUntil = new Map<number, number>();
    for (const p of plans) {
      const l = p.lift;
      // one open order per lift at a time: an alarm while one is open waits for it to be done
      const time = Math.max(p.time, (busyUntil.get(l.id) ?? 0) + 30 * MINUTE);
      if (time > now) continue;
      const floor = isEscalator(l) ? null : between(1, l.floors);
      const alarm = await trx
        .insertInto('alarmRecords')
        .values({ ...fromGateway(l, time), type: p.type, floor, cleared: 0, alarmTime: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      const alarmId = Number(alarm.id);
      const worker = username.get(l.workerId) ?? null;
      // the steps the order goes through, each with its time; those after now have not happened yet
      const steps: { action: string; to: number; at: number; by: string | null; set: Record<string, unknown> }[] = [
        { action: 'report', to: W.reported, at: time, by: null, set: {} },
      ];
      let at = time;
      const next = (min: number, max: number) => (at += between(min, max) * MINUTE);
      if (p.path === 'cancel') {
        steps.push({
          action: 'cancel',
          to: W.cancelled,
          at: next(3, 20),
          by: 'admin',
          set: { revocationReason: 'False alarm: the passenger pressed the bell by mistake' },
        });
      } else if (p.path === 'recover') {
        steps.push({ action: 'recover', to: W.recovered, at: next(2, 12), by: null, set: {} });
        steps.push({ action: 'autoConfirm', to: W.autoConfirmed, at: at + DAY, by: null, set: {} });
      } else {
        const [handling, faultReason] = pick(REPAIRS);
        steps.push({ action: 'receive', to: W.received, at: next(2, 10), by: worker, set: {} });
        steps.push({ action: 'arrive', to: W.onSite, at: next(15, 40), by: worker, set: {} });
        steps.push({ action: 'finish', to: W.completed, at: next(20, 90), by: worker, set: { handling, faultReason } });
        if (random() < 0.7) steps.push({ action: 'confirm', to: W.confirmed, at: next(60, 600), by: 'admin', set: {} });
        else steps.push({ action: 'autoConfirm', to: W.autoConfirmed, at: at + DAY, by: null, set: {} });
      }
      const done = steps.filter((s, i) => s.at <= now && (p.stopAt === undefined || i <= p.stopAt));
      const last = done[done.length - 1]!;
      const set: Record<string, unknown> = Object.assign({}, ...done.map((s) => s.set));
      const received = done.find((s) => s.action === 'receive');
      const finished = done.find((s) => ['finish', 'recover', 'cancel'].includes(s.action));
      const confirmed = done.find((s) => s.action === 'confirm');
      const order = await trx
        .insertInto('workOrders')
        .values({
          tenantId: demo.tenants.demo,
          orgId: l.orgId,
          workOrderNo: `R${day(time).replace(/-/g, '')}${String(alarmId).padStart(6, '0')}`,
          elevatorId: l.id,
          elevatorName: l.name,
          address: l.address,
          deviceCode: l.dtu,
          type: p.type,
          recordState: last.to,
          alarmTime: time,
          repairMethod: 1,
          hasPeople: p.type === 1 ? 1 : 0,
          ...(received ? { callTime: received.at, acceptorId: l.workerId } : {}),
          ...(finished ? { finishTime: finished.at } : {}),
          ...(confirmed ? { confirmPeople: confirmed.by } : {}),
          ...set,
          createTime: time,
          updateTime: last.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderId = Number(order.id);
      await trx.updateTable('alarmRecords').set({ workOrderId: orderId }).where('id', '=', alarmId).execute();
      if (p.path === 'recover' && done.length > 1)
        await trx
          .insertInto('alarmRecords')
          .values({ ...fromGateway(l, done[1]!.at), type: p.type, floor, cleared: 1, alarmTime: done[1]!.at })
          .execute();
      await trx
        .insertInto('workOrderLogs')
        .values(
          done.map((s, i) => ({
            workOrderId: orderId,
            action: s.action,
            fromState: i === 0 ? null : done[i - 1]!.to,
            toState: s.to,
            userName: s.by,
            note: null,
            time: s.at,
          })),
        )
        .execute();
      if (received)
        await trx
          .insertInto('workOrderPeople')
          .values({ workOrderId: orderId, userId: l.workerId, role: 'repair' })
          .execute();
      busyUntil.set(l.id, finished && finished.at <= now ? finished.at : Number.MAX_SAFE_INTEGER);
    }

    await seedDemoMaintenance(trx, { demo, lifts, now, start, between, username, isEscalator });
  });
}
