import { CALLERS_LISTED, formatDateTime, type CallStatistics, type StatisticsGroup } from '@liftcloud/client';
import type { Repositories } from '../store/repositories.js';
import type { ExpressionBuilder } from 'kysely';
import type { LooseDB, LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { groupKeys, periodSpan } from './statistics.js';

const n = (v: unknown) => Number(v ?? 0);

/** The elevators the caller may see (those asked for, or all), with what the statistics group them by. */
export function groupableLifts(db: LooseKysely, repos: Repositories, caller: Caller, ids: number[] | null) {
  let query = repos.elevator
    .scoped(db, caller)
    .leftJoin('useUnits as u', 'u.id', 't.useUnitId')
    .leftJoin('companies as c', 'c.id', 't.maintenanceCompanyId')
    .select([
      't.id',
      't.name',
      't.useUnitId',
      'u.name as useUnitName',
      't.maintenanceCompanyId',
      'c.name as companyName',
    ]);
  if (ids) query = query.where('t.id', 'in', ids);
  return query.execute();
}

/**
 * Intercom calls (the call records, index 38) the caller may see, over a period cut at the caller's midnights
 * (services/statistics.ts periodSpan): one aggregate query grouped by elevator, summed into the rows asked for as
 * the other statistics are; a call counts as answered when it lasted (a duration above zero). The callers are
 * the records' originator and phone, most calls first.
 */
export async function callStatistics(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: { period: number; groupBy?: string; elevatorIds?: string },
  tz: string,
  now = Date.now(),
): Promise<CallStatistics> {
  const span = periodSpan(q.period, now, tz);
  const ids = q.elevatorIds ? [...new Set(q.elevatorIds.split(',').map(Number))] : null;
  const groupBy = (q.groupBy ?? 'elevator') as StatisticsGroup;
  const calls = () => {
    const query = repos.callRecord
      .scoped(db, caller)
      .where('t.callTime', '>=', span.start)
      .where('t.callTime', '<', span.end);
    return ids ? query.where('t.elevatorId', 'in', ids) : query;
  };
  const answered = (eb: ExpressionBuilder<LooseDB, string>) =>
    eb.case().when('t.durationSeconds', '>', 0).then(1).else(0).end();
  const [lifts, perLift, callers] = await Promise.all([
    groupableLifts(db, repos, caller, ids),
    calls()
      .select((eb) => [
        't.elevatorId',
        eb.fn.countAll().as('n'),
        eb.fn.sum<number>(answered(eb)).as('answered'),
        eb.fn.sum<number>(eb.fn.coalesce('t.durationSeconds', eb.lit(0))).as('seconds'),
        ...span.months.flatMap((m, i) => [
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('t.callTime', '>=', m.start), eb('t.callTime', '<', m.end)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as(`m${i}`),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('t.callTime', '>=', m.start),
                    eb('t.callTime', '<', m.end),
                    eb('t.durationSeconds', '>', 0),
                  ]),
                )
                .then(1)
                .else(0)
                .end(),
            )
            .as(`a${i}`),
        ]),
      ])
      .groupBy('t.elevatorId')
      .execute(),
    calls()
      .select((eb) => [
        't.originator',
        't.phone',
        eb.fn.countAll().as('n'),
        eb.fn.sum<number>(answered(eb)).as('answered'),
        eb.fn.max('t.callTime').as('last'),
      ])
      .groupBy(['t.originator', 't.phone'])
      .orderBy('n', 'desc')
      .orderBy('last', 'desc')
      .limit(CALLERS_LISTED)
      .execute(),
  ]);

  const keyOf = groupKeys(lifts, groupBy);
  type Acc = { calls: number; answered: number; seconds: number; answeredSeconds: number };
  const empty = (): Acc => ({ calls: 0, answered: 0, seconds: 0, answeredSeconds: 0 });
  const groups = new Map<string, { id: number | null; name: string; acc: Acc }>();
  const total = empty();
  for (const l of lifts) {
    const key = keyOf.get(Number(l.id))!;
    if (!groups.has(String(key.id))) groups.set(String(key.id), { ...key, acc: empty() });
  }
  const months = span.months.map((m) => ({ month: m.month, calls: 0, answered: 0 }));
  for (const r of perLift) {
    const key = keyOf.get(Number(r.elevatorId));
    const accs = [total, ...(key ? [groups.get(String(key.id))!.acc] : [])];
    for (const a of accs) {
      a.calls += n(r.n);
      a.answered += n(r.answered);
      a.seconds += n(r.seconds);
    }
    months.forEach((m, i) => {
      m.calls += n(r[`m${i}`]);
      m.answered += n(r[`a${i}`]);
    });
  }
  const finish = (a: Acc) => ({
    calls: a.calls,
    answered: a.answered,
    unanswered: a.calls - a.answered,
    totalSeconds: a.seconds,
    // an unanswered call lasted 0 s: the mean over the answered ones is the total over them
    meanSeconds: a.answered ? Math.round((a.seconds / a.answered) * 10) / 10 : null,
  });
  const rows = [...groups.values()]
    .map((g) => ({ id: g.id, name: g.name, ...finish(g.acc) }))
    .sort((x, y) => y.calls - x.calls || x.name.localeCompare(y.name));
  return {
    period: q.period,
    from: span.from,
    to: span.to,
    groupBy,
    rows,
    totals: finish(total),
    months,
    callers: callers.map((c) => ({
      originator: c.originator == null || c.originator === '' ? null : String(c.originator),
      phone: c.phone == null || c.phone === '' ? null : String(c.phone),
      calls: n(c.n),
      answered: n(c.answered),
      lastCallTime: formatDateTime(n(c.last), tz),
    })),
  };
}
