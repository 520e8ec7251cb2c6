import {
  LIFT_CALL_USAGE_LISTED,
  formatDateTime,
  type LiftCallStatistics,
  type StatisticsGroup,
} from '@liftcloud/client';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { groupableLifts } from './call-statistics.js';
import { groupKeys, periodSpan } from './statistics.js';

const n = (v: unknown) => Number(v ?? 0);
const nullable = (v: unknown) => (v === null || v === undefined || v === '' ? null : v);

/** enums.liftCallOperation: 1 hall call, 2 car call, 3 destination call. */
const BY_OPERATION = { 1: 'hallCalls', 2: 'carCalls', 3: 'destinationCalls' } as const;
type Figures = { calls: number; hallCalls: number; carCalls: number; destinationCalls: number; people: number };

/**
 * Call-elevator records (index 38's other list) the caller may see, over a period cut at the caller's midnights
 * (services/statistics.ts periodSpan): counted per elevator and operation type in one aggregate query and summed
 * into the rows asked for as the other statistics are; the people are the distinct callers (mobile, else username)
 * of each row. The usage lists who called between which floors and how, most calls first, `usageLimit` lines.
 */
export async function liftCallStatistics(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: { period: number; groupBy?: string; elevatorIds?: string },
  tz: string,
  usageLimit = LIFT_CALL_USAGE_LISTED,
  now = Date.now(),
): Promise<LiftCallStatistics> {
  const span = periodSpan(q.period, now, tz);
  const ids = q.elevatorIds ? [...new Set(q.elevatorIds.split(',').map(Number))] : null;
  const groupBy = (q.groupBy ?? 'elevator') as StatisticsGroup;
  const calls = () => {
    const query = repos.liftCallRecord
      .scoped(db, caller)
      .where('t.callTime', '>=', span.start)
      .where('t.callTime', '<', span.end);
    return ids ? query.where('t.elevatorId', 'in', ids) : query;
  };
  const usageKeys = ['t.username', 't.mobile', 't.startFloor', 't.endFloor', 't.operationType'] as const;
  const [lifts, perLift, people, usage, usageLines] = await Promise.all([
    groupableLifts(db, repos, caller, ids),
    calls()
      .select((eb) => [
        't.elevatorId',
        't.operationType',
        eb.fn.countAll().as('n'),
        ...span.months.map((m, i) =>
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
        ),
      ])
      .groupBy(['t.elevatorId', 't.operationType'])
      .execute(),
    // who called on which lift: a person is their mobile, or their username when the record has no mobile
    calls()
      .select((eb) => ['t.elevatorId', eb.fn.coalesce('t.mobile', 't.username').as('who')])
      .where((eb) => eb.or([eb('t.mobile', 'is not', null), eb('t.username', 'is not', null)]))
      .groupBy((eb) => ['t.elevatorId', eb.fn.coalesce('t.mobile', 't.username')])
      .execute(),
    calls()
      .select((eb) => [...usageKeys, eb.fn.countAll().as('n'), eb.fn.max('t.callTime').as('last')])
      .groupBy([...usageKeys])
      .orderBy('n', 'desc')
      .orderBy('last', 'desc')
      .limit(usageLimit)
      .execute(),
    db
      .selectFrom(
        calls()
          .select(usageKeys)
          .groupBy([...usageKeys])
          .as('g'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);

  const keyOf = groupKeys(lifts, groupBy);
  const empty = (): Figures => ({ calls: 0, hallCalls: 0, carCalls: 0, destinationCalls: 0, people: 0 });
  const groups = new Map<string, { id: number | null; name: string; acc: Figures; who: Set<string> }>();
  const total = { acc: empty(), who: new Set<string>() };
  for (const l of lifts) {
    const key = keyOf.get(Number(l.id))!;
    if (!groups.has(String(key.id))) groups.set(String(key.id), { ...key, acc: empty(), who: new Set() });
  }
  const groupOf = (elevatorId: unknown) => {
    const key = keyOf.get(Number(elevatorId));
    return key ? groups.get(String(key.id)) : undefined;
  };
  const months = span.months.map((m) => ({ month: m.month, hallCalls: 0, carCalls: 0, destinationCalls: 0 }));
  for (const r of perLift) {
    const field = BY_OPERATION[n(r.operationType) as keyof typeof BY_OPERATION];
    for (const a of [total.acc, groupOf(r.elevatorId)?.acc]) {
      if (!a) continue;
      a.calls += n(r.n);
      if (field) a[field] += n(r.n);
    }
    if (field) months.forEach((m, i) => (m[field] += n(r[`m${i}`])));
  }
  for (const p of people) {
    total.who.add(String(p.who));
    groupOf(p.elevatorId)?.who.add(String(p.who));
  }
  const rows = [...groups.values()]
    .map((g) => ({ id: g.id, name: g.name, ...g.acc, people: g.who.size }))
    .sort((x, y) => y.calls - x.calls || x.name.localeCompare(y.name));
  return {
    period: q.period,
    from: span.from,
    to: span.to,
    groupBy,
    rows,
    totals: { ...total.acc, people: total.who.size },
    months,
    usage: usage.map((u) => ({
      username: nullable(u.username) as string | null,
      mobile: nullable(u.mobile) as string | null,
      startFloor: u.startFloor == null ? null : n(u.startFloor),
      endFloor: u.endFloor == null ? null : n(u.endFloor),
      operationType: n(u.operationType),
      calls: n(u.n),
      lastCallTime: formatDateTime(n(u.last), tz),
    })),
    usageNotListed: Math.max(0, n(usageLines?.n) - usage.length),
  };
}
