import {
  DONE_STATUSES,
  OFFLINE_DURATION_MINUTES,
  formatDateTime,
  parseDateTime,
  type Statistics,
  type StatisticsGroup,
  type StatisticsRow,
} from '@liftcloud/client';
import type { ExpressionBuilder } from 'kysely';
import { ValidationError } from '../http/errors.js';
import type { Caller } from './caller.js';
import type { Repositories } from '../store/repositories.js';
import type { LooseDB, LooseKysely, Repository } from '../store/repository.js';

type EB = ExpressionBuilder<LooseDB, string>;
const TRAPPED = 1;
const MINUTE = 60_000;

/** The first day of a period (domain.md §9) and the months it spans, in the caller's zone. */
export interface PeriodSpan {
  from: string;
  to: string;
  start: number;
  end: number;
  months: { month: string; start: number; end: number }[];
}

const monthShift = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Current month, last six months (this one and the five before), this year to date: from the first day at
 * midnight in `tz` to the end of today there.
 */
export function periodSpan(period: number, now: number, tz: string): PeriodSpan {
  const today = formatDateTime(now, tz).slice(0, 10);
  const thisMonth = today.slice(0, 7);
  const firstMonth = period === 1 ? thisMonth : period === 2 ? monthShift(thisMonth, -5) : `${today.slice(0, 4)}-01`;
  const months: PeriodSpan['months'] = [];
  for (let m = firstMonth; m <= thisMonth; m = monthShift(m, 1))
    months.push({ month: m, start: parseDateTime(`${m}-01`, tz), end: parseDateTime(`${monthShift(m, 1)}-01`, tz) });
  const end = parseDateTime(nextDay(today), tz);
  months[months.length - 1]!.end = end;
  return { from: `${firstMonth}-01`, to: today, start: months[0]!.start, end, months };
}

/** The outage minutes a power cut must last to count, or null for every cut. */
export function outageBounds(q: {
  offlineDuration?: number;
  offlineMinMinutes?: number;
  offlineMaxMinutes?: number;
}): { min: number; max: number | null } | null {
  if (q.offlineDuration === undefined) return null;
  if (q.offlineDuration === 4) {
    const min = q.offlineMinMinutes ?? 0;
    const max = q.offlineMaxMinutes ?? null;
    if (max !== null && max < min)
      throw new ValidationError([{ field: 'offlineMaxMinutes', rule: 'validation.minimum', params: { limit: min } }]);
    return { min, max };
  }
  return OFFLINE_DURATION_MINUTES[q.offlineDuration as 1 | 2 | 3];
}

type Figures = Omit<StatisticsRow, 'id' | 'name'>;
const emptyFigures = (): Figures & { sums: [number, number, number]; counts: [number, number, number] } => ({
  faults: 0,
  alarms: 0,
  trapped: 0,
  powerCuts: 0,
  repairOrders: 0,
  toReceiveMinutes: null,
  toArriveMinutes: null,
  toCompleteMinutes: null,
  maintenanceDone: 0,
  maintenanceOnTime: 0,
  sums: [0, 0, 0],
  counts: [0, 0, 0],
});
type Acc = ReturnType<typeof emptyFigures>;

const n = (v: unknown) => Number(v ?? 0);
const inSpan = (eb: EB, column: string, start: number, end: number) =>
  eb.and([eb(column, '>=', start), eb(column, '<', end)]);

/** The action time of a repair order's timeline, the earliest of its kind. */
const logTime = (eb: EB, action: string) =>
  eb
    .selectFrom('workOrderLogs as l')
    .select((l) => l.fn.min('l.time').as('t'))
    .whereRef('l.workOrderId', '=', 't.id')
    .where('l.action', '=', action);

/**
 * The statistics of the records the caller may see (each table read through its repository's scope: tenant and
 * organisation subtree), one aggregate query per table grouped by elevator, then summed into the rows asked for.
 * Power cuts are paired with the lift's next power restore to know how long each lasted (an unrestored one lasts
 * until now).
 */
export async function statistics(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: {
    period: number;
    groupBy?: string;
    offlineDuration?: number;
    offlineMinMinutes?: number;
    offlineMaxMinutes?: number;
    elevatorIds?: string;
  },
  tz: string,
  now = Date.now(),
): Promise<Statistics> {
  const span = periodSpan(q.period, now, tz);
  const bounds = outageBounds(q);
  const ids = q.elevatorIds ? [...new Set(q.elevatorIds.split(',').map(Number))] : null;
  const groupBy = (q.groupBy ?? 'elevator') as StatisticsGroup;
  const scoped = (repo: Repository, column: string) => {
    const query = repo.scoped(db, caller);
    return ids ? query.where(column, 'in', ids) : query;
  };
  const monthCounts = (eb: EB, column: string) =>
    span.months.map((m, i) =>
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(inSpan(eb, column, m.start, m.end))
            .then(1)
            .else(0)
            .end(),
        )
        .as(`m${i}`),
    );

  const [lifts, faults, alarms, cuts, orders, maint] = await Promise.all([
    scoped(repos.elevator, 't.id')
      .leftJoin('useUnits as u', 'u.id', 't.useUnitId')
      .leftJoin('companies as c', 'c.id', 't.maintenanceCompanyId')
      .select([
        't.id',
        't.name',
        't.useUnitId',
        'u.name as useUnitName',
        't.maintenanceCompanyId',
        'c.name as companyName',
      ])
      .execute(),
    scoped(repos.faultRecord, 't.elevatorId')
      .where('t.faultTime', '>=', span.start)
      .where('t.faultTime', '<', span.end)
      .select((eb) => ['t.elevatorId', eb.fn.countAll().as('n'), ...monthCounts(eb, 't.faultTime')])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.alarmRecord, 't.elevatorId')
      .where('t.alarmTime', '>=', span.start)
      .where('t.alarmTime', '<', span.end)
      .select((eb) => [
        't.elevatorId',
        eb.fn.countAll().as('n'),
        eb.fn.sum<number>(eb.case().when('t.type', '=', TRAPPED).then(1).else(0).end()).as('trapped'),
        ...monthCounts(eb, 't.alarmTime'),
        ...span.months.map((m, i) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([inSpan(eb, 't.alarmTime', m.start, m.end), eb('t.type', '=', TRAPPED)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as(`x${i}`),
        ),
      ])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.eventRecord, 't.elevatorId')
      .where('t.kind', '=', 'powerDown')
      .where('t.eventTime', '>=', span.start)
      .where('t.eventTime', '<', span.end)
      .select((eb) => [
        't.elevatorId',
        't.eventTime',
        eb
          .selectFrom('eventRecords as r')
          .select((r) => r.fn.min('r.eventTime').as('t'))
          .whereRef('r.elevatorId', '=', 't.elevatorId')
          .where('r.kind', '=', 'powerRestore')
          .whereRef('r.eventTime', '>', 't.eventTime')
          .as('restoreTime'),
      ])
      .execute(),
    scoped(repos.workOrder, 't.elevatorId')
      .where('t.alarmTime', '>=', span.start)
      .where('t.alarmTime', '<', span.end)
      .select((eb) => [
        't.elevatorId',
        't.alarmTime',
        't.finishTime',
        logTime(eb, 'receive').as('receiveTime'),
        logTime(eb, 'arrive').as('arriveTime'),
      ])
      .execute(),
    scoped(repos.maintenanceOrder, 't.elevatorId')
      .where('t.status', 'in', [...DONE_STATUSES])
      .where('t.maintenanceDate', '>=', span.from)
      .where('t.maintenanceDate', '<=', span.to)
      .select((eb) => [
        't.elevatorId',
        eb.fn.countAll().as('n'),
        eb.fn
          .sum<number>(eb.case().when('t.maintenanceDate', '<=', eb.ref('t.planDate')).then(1).else(0).end())
          .as('onTime'),
      ])
      .groupBy('t.elevatorId')
      .execute(),
  ]);

  const keyOf = groupKeys(lifts, groupBy);
  const groups = new Map<string, { id: number | null; name: string; acc: Acc }>();
  const total = emptyFigures();
  const accFor = (elevatorId: unknown): Acc[] => {
    const key = keyOf.get(Number(elevatorId));
    if (!key) return [total]; // a record of a lift the caller no longer sees by id filter: still in the totals
    const k = String(key.id);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { ...key, acc: emptyFigures() }));
    return [g.acc, total];
  };
  for (const l of lifts) accFor(l.id);
  const months = span.months.map((m) => ({ month: m.month, faults: 0, alarms: 0, trapped: 0, powerCuts: 0 }));

  for (const f of faults) {
    for (const a of accFor(f.elevatorId)) a.faults += n(f.n);
    months.forEach((m, i) => (m.faults += n(f[`m${i}`])));
  }
  for (const r of alarms) {
    for (const a of accFor(r.elevatorId)) {
      a.alarms += n(r.n);
      a.trapped += n(r.trapped);
    }
    months.forEach((m, i) => {
      m.alarms += n(r[`m${i}`]);
      m.trapped += n(r[`x${i}`]);
    });
  }
  for (const c of cuts) {
    const down = n(c.eventTime);
    const restored = c.restoreTime == null ? now : n(c.restoreTime);
    const lasted = (restored - down) / MINUTE;
    if (bounds && (lasted < bounds.min || (bounds.max !== null && lasted >= bounds.max))) continue;
    for (const a of accFor(c.elevatorId)) a.powerCuts += 1;
    const i = span.months.findIndex((m) => down >= m.start && down < m.end);
    if (i >= 0) months[i]!.powerCuts += 1;
  }
  for (const o of orders) {
    const alarmAt = n(o.alarmTime);
    const steps = [o.receiveTime, o.arriveTime, o.finishTime];
    for (const a of accFor(o.elevatorId)) {
      a.repairOrders += 1;
      steps.forEach((t, i) => {
        if (t == null) return;
        const k = i as 0 | 1 | 2;
        a.sums[k] += (n(t) - alarmAt) / MINUTE;
        a.counts[k] += 1;
      });
    }
  }
  for (const m of maint)
    for (const a of accFor(m.elevatorId)) {
      a.maintenanceDone += n(m.n);
      a.maintenanceOnTime += n(m.onTime);
    }

  const finish = (a: Acc): Figures => {
    const mean = (i: 0 | 1 | 2) => (a.counts[i] ? Math.round((a.sums[i] / a.counts[i]) * 10) / 10 : null);
    const { sums: _s, counts: _c, ...rest } = a;
    return { ...rest, toReceiveMinutes: mean(0), toArriveMinutes: mean(1), toCompleteMinutes: mean(2) };
  };
  const rows = [...groups.values()]
    .map((g) => ({ id: g.id, name: g.name, ...finish(g.acc) }))
    .sort((a, b) => b.faults + b.alarms - (a.faults + a.alarms) || a.name.localeCompare(b.name));
  return { period: q.period, from: span.from, to: span.to, groupBy, rows, totals: finish(total), months };
}

/** An elevator row of a statistics query, with the names it may be grouped under. */
interface GroupableLift {
  id: unknown;
  name: unknown;
  useUnitId: unknown;
  useUnitName: unknown;
  maintenanceCompanyId: unknown;
  companyName: unknown;
}

/** The group each elevator counts in, by elevator id: itself, its use unit or its maintenance company. */
export function groupKeys(
  lifts: GroupableLift[],
  groupBy: StatisticsGroup,
): Map<number, { id: number | null; name: string }> {
  const keyOf = new Map<number, { id: number | null; name: string }>();
  for (const l of lifts) {
    const id = Number(l.id);
    if (groupBy === 'elevator') keyOf.set(id, { id, name: String(l.name) });
    else if (groupBy === 'useUnit')
      keyOf.set(id, { id: l.useUnitId == null ? null : Number(l.useUnitId), name: String(l.useUnitName ?? '') });
    else
      keyOf.set(id, {
        id: l.maintenanceCompanyId == null ? null : Number(l.maintenanceCompanyId),
        name: String(l.companyName ?? ''),
      });
  }
  return keyOf;
}
