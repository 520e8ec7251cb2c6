import { formatDateTime, parseDateTime, type ElectricityRow, type ElectricityStatistics } from '@liftcloud/client';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { meterDays } from './electricity-days.js';
import { periodSpan } from './statistics.js';

const round = (v: number) => Math.round(v * 1000) / 1000;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The days of [from, to] and the instant each starts at in `tz` (a DST day is 23 or 25 hours long). */
export function daysOf(from: string, to: string, tz: string): { days: string[]; starts: number[] } {
  const days: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) days.push(d);
  return { days, starts: days.map((d) => parseDateTime(d, tz)) };
}

/**
 * What one meter (a lift's meter gateway and meter number) used between its readings: each reading's
 * difference from the one before it, put on the day the later reading falls on. A reading below the one before
 * is a reset (the register restarted from zero, or the meter was replaced): what it shows is what was used
 * since. The first reading with nothing before it is only a baseline.
 */
export function meterDeltas(
  baseline: number | null,
  readings: { kwh: number; readTime: number }[],
): { readTime: number; kwh: number; reset: boolean }[] {
  let prev = baseline;
  const out: { readTime: number; kwh: number; reset: boolean }[] = [];
  for (const r of readings) {
    if (prev !== null) {
      const reset = r.kwh < prev;
      out.push({ readTime: r.readTime, kwh: reset ? r.kwh : r.kwh - prev, reset });
    }
    prev = r.kwh;
  }
  return out;
}

/**
 * Consumption per elevator and meter gateway, per day of the period (domain.md §9: current month, last six
 * months, this year to date, cut at the caller's midnights), over the lifts the caller may see (the elevator
 * repository's scope: tenant and organisation subtree). Each meter starts from its latest reading before the
 * period, so the first day counts what was used since then.
 */
export async function electricity(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: { period: number; elevatorIds?: string; gwSns?: string },
  tz: string,
  now = Date.now(),
): Promise<ElectricityStatistics> {
  const span = periodSpan(q.period, now, tz);
  const { days, starts } = daysOf(span.from, span.to, tz);
  const ids = q.elevatorIds ? [...new Set(q.elevatorIds.split(',').map(Number))] : null;
  const sns = q.gwSns ? [...new Set(q.gwSns.split(','))] : null;
  let visible = repos.elevator.scoped(db, caller).select('t.id');
  if (ids) visible = visible.where('t.id', 'in', ids);
  const readings = () => {
    let query = db.selectFrom('meterReadings as r').where('r.elevatorId', 'in', visible);
    // the tenant leads the readings' index (tenant, lift, meter, time); null: a platform view of every tenant
    if (caller.scope.tenantId !== null) query = query.where('r.tenantId', '=', caller.scope.tenantId);
    if (sns) query = query.where('r.gwSn', 'in', sns);
    return query;
  };
  const [used, latestBefore] = await Promise.all([
    meterDays(db, readings().where('r.readTime', '>=', span.start).where('r.readTime', '<', span.end), starts),
    readings()
      .where('r.readTime', '<', span.start)
      .select(['r.elevatorId', 'r.gwSn', 'r.dbNo', (eb) => eb.fn.max('r.readTime').as('t')])
      .groupBy(['r.elevatorId', 'r.gwSn', 'r.dbNo'])
      .execute(),
  ]);
  const keyOf = (r: Record<string, unknown>) =>
    `${Number(r.elevatorId)}\n${String(r.gwSn)}\n${(r.dbNo as string | null) ?? ''}`;
  const baselines = await baselineKwh(db, latestBefore, keyOf);

  // rows by lift and meter gateway (a gateway's meters summed)
  const byMeter = new Map<string, ElectricityRow>();
  const lastTimes = new Map<ElectricityRow, number>();
  // the first day each row's meter reported on: 0 when it reported before the period
  const firstDays = new Map<ElectricityRow, number>();
  for (const d of used) {
    const rowKey = `${d.elevatorId}\n${d.gwSn}`;
    let row = byMeter.get(rowKey);
    if (!row) {
      row = {
        elevatorId: d.elevatorId,
        elevatorName: '',
        elevatorNo: null,
        useUnit: null,
        gwSn: d.gwSn,
        meterName: null,
        total: 0,
        days: days.map(() => 0),
        dailyMean: 0,
        lastKwh: null,
        lastReadTime: null,
        readings: 0,
        resets: 0,
      };
      byMeter.set(rowKey, row);
    }
    row.days[d.day]! += d.used;
    row.resets += d.resets;
    row.readings += d.readings;
    // the first reading of the period against the meter's latest before it
    const baseline = baselines.get(keyOf(d));
    const firstDay = baseline !== undefined ? 0 : d.day;
    if (d.readings > 0 || baseline !== undefined)
      firstDays.set(row, Math.min(firstDays.get(row) ?? firstDay, firstDay));
    if (d.firstKwh !== null && baseline !== undefined)
      for (const delta of meterDeltas(baseline, [{ readTime: 0, kwh: d.firstKwh }])) {
        row.days[d.day]! += delta.kwh;
        if (delta.reset) row.resets++;
      }
    if (d.lastKwh !== null && d.lastTime !== null && (lastTimes.get(row) ?? -1) <= d.lastTime) {
      lastTimes.set(row, d.lastTime);
      row.lastKwh = d.lastKwh;
    }
  }
  await describe(db, caller, repos, [...byMeter.values()]);
  const out = [...byMeter.values()].sort(
    (a, b) => a.elevatorName.localeCompare(b.elevatorName) || a.gwSn.localeCompare(b.gwSn),
  );
  const totals = { total: 0, days: days.map(() => 0), dailyMean: 0 };
  for (const row of out) {
    row.days = row.days.map(round);
    row.total = round(row.days.reduce((s, v) => s + v, 0));
    row.dailyMean = round(row.total / (days.length - (firstDays.get(row) ?? 0)));
    totals.dailyMean += row.dailyMean;
    row.days.forEach((v, i) => (totals.days[i]! += v));
    const last = lastTimes.get(row);
    if (last !== undefined) row.lastReadTime = formatDateTime(last, tz);
  }
  totals.days = totals.days.map(round);
  totals.total = round(totals.days.reduce((s, v) => s + v, 0));
  totals.dailyMean = round(totals.dailyMean);
  return { period: q.period, from: span.from, to: span.to, days, rows: out, totals };
}

/** Each meter's reading at its latest time before the period: the kWh its first day counts from. */
async function baselineKwh(
  db: LooseKysely,
  latest: Record<string, unknown>[],
  keyOf: (r: Record<string, unknown>) => string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!latest.length) return out;
  const wanted = new Set(latest.map((r) => `${keyOf(r)}\n${Number(r.t)}`));
  // one query: the rows of those lifts at those instants, kept when lift, meter and time all match
  const found = await db
    .selectFrom('meterReadings as r')
    .select(['r.elevatorId', 'r.gwSn', 'r.dbNo', 'r.kwh', 'r.readTime'])
    .where('r.elevatorId', 'in', [...new Set(latest.map((r) => Number(r.elevatorId)))])
    .where('r.readTime', 'in', [...new Set(latest.map((r) => Number(r.t)))])
    .orderBy('r.id')
    .execute();
  for (const r of found) if (wanted.has(`${keyOf(r)}\n${Number(r.readTime)}`)) out.set(keyOf(r), Number(r.kwh));
  return out;
}

/** The lift's name, number and use unit, and the meter gateway's registered name, on each row. */
async function describe(db: LooseKysely, caller: Caller, repos: Repositories, rows: ElectricityRow[]): Promise<void> {
  if (!rows.length) return;
  const [lifts, meters] = await Promise.all([
    repos.elevator
      .scoped(db, caller)
      .leftJoin('useUnits as u', 'u.id', 't.useUnitId')
      .where('t.id', 'in', [...new Set(rows.map((r) => r.elevatorId))])
      .select(['t.id', 't.name', 't.no', 'u.name as useUnitName', 't.tenantId'])
      .execute(),
    repos.meterGateway
      .scoped(db, caller)
      .where('t.code', 'in', [...new Set(rows.map((r) => r.gwSn))])
      .select(['t.code', 't.name'])
      .execute(),
  ]);
  const lift = new Map(lifts.map((l) => [Number(l.id), l]));
  const meter = new Map(meters.map((m) => [String(m.code), String(m.name)]));
  for (const row of rows) {
    const l = lift.get(row.elevatorId);
    row.elevatorName = l ? String(l.name) : String(row.elevatorId);
    row.elevatorNo = (l?.no as string | null | undefined) ?? null;
    row.useUnit = (l?.useUnitName as string | null | undefined) ?? null;
    row.meterName = meter.get(row.gwSn) ?? null;
  }
}
