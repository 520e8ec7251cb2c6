import {
  MONITOR_MAX_ELEVATORS,
  MonitoringOverviewQuery,
  getMonitoringOverview,
  OVERVIEW_LIST_SIZE,
  OPEN_STATES,
  WORK_ORDER_STATE,
  formatDateTime,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { ValidationError } from '../../http/errors.js';
import { callerOf } from '../../plugins/auth.js';
import type { Caller } from '../../services/caller.js';
import type { LooseDB, LooseKysely, Repository } from '../../store/repository.js';
import { lastSevenDays, type DaySpan } from './overview-days.js';

type EB = ExpressionBuilder<LooseDB, string>;
const TRAPPED = 1;

/** SUM(CASE WHEN condition THEN 1 ELSE 0 END): one pass counts every bucket at once. */
const countIf = (eb: EB, condition: ReturnType<EB['and']>) =>
  eb.fn.sum<number | string>(eb.case().when(condition).then(1).else(0).end());
const inDay = (eb: EB, column: string, day: DaySpan) => eb.and([eb(column, '>=', day.start), eb(column, '<', day.end)]);
const n = (v: unknown) => Number(v ?? 0);

function parseIds(raw: string | undefined): number[] | null {
  if (!raw) return null;
  const ids = [...new Set(raw.split(',').map(Number))];
  if (ids.length > MONITOR_MAX_ELEVATORS)
    throw new ValidationError(
      [{ field: 'elevatorIds', rule: 'validation.maxItems', params: { limit: MONITOR_MAX_ELEVATORS } }],
      MonitoringOverviewQuery,
    );
  return ids;
}

/**
 * GET /api/monitoring/overview (index 406): the kanban's totals, its seven-day chart and the latest alarms and
 * open repair orders. Each table is read through its repository's scope (tenant and organisation subtree), so
 * the totals match what the caller's lists show; `elevatorIds` narrows everything to the monitor center's
 * chosen elevators. Each table is one aggregate query (CASE sums per day), not a query per figure.
 */
export function registerMonitoringOverview(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as LooseKysely;

  const scoped = (repo: Repository, caller: Caller, ids: number[] | null, column: string) => {
    const q = repo.scoped(db, caller);
    return ids ? q.where(column, 'in', ids) : q;
  };

  route(app, getMonitoringOverview, async (req) => {
    const caller = callerOf(req);
    const ids = parseIds(req.query.elevatorIds);
    const tz = req.timeZone;
    const days = lastSevenDays(Date.now(), tz);
    const from = days[0]!.start;
    const today = days[days.length - 1]!;

    const [lifts, orders, alarms, faults, latestAlarms, latestOrders] = await Promise.all([
      scoped(repos.elevator, caller, ids, 't.id')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          countIf(eb, eb.and([eb('t.onlineStatus', '=', 1)])).as('online'),
        ])
        .executeTakeFirst(),
      scoped(repos.workOrder, caller, ids, 't.elevatorId')
        .where('t.recordState', 'in', [...OPEN_STATES])
        .select((eb) => ['t.recordState', eb.fn.countAll<number | string>().as('count')])
        .groupBy('t.recordState')
        .execute(),
      scoped(repos.alarmRecord, caller, ids, 't.elevatorId')
        .where('t.alarmTime', '>=', from)
        .where('t.alarmTime', '<', today.end)
        .where((eb) => eb.or([eb('t.cleared', 'is', null), eb('t.cleared', '=', 0)]))
        .select((eb) => [
          ...days.map((d, i) => countIf(eb, inDay(eb, 't.alarmTime', d)).as(`d${i}`)),
          countIf(eb, eb.and([eb('t.type', '=', TRAPPED)])).as('trapped7'),
          countIf(eb, eb.and([eb('t.type', '=', TRAPPED), inDay(eb, 't.alarmTime', today)])).as('trappedToday'),
        ])
        .executeTakeFirst(),
      scoped(repos.faultRecord, caller, ids, 't.elevatorId')
        .where('t.faultTime', '>=', from)
        .where('t.faultTime', '<', today.end)
        .select((eb) => days.map((d, i) => countIf(eb, inDay(eb, 't.faultTime', d)).as(`d${i}`)))
        .executeTakeFirst(),
      // newest first by id: the (tenant, id) index answers it without sorting the table
      scoped(repos.alarmRecord, caller, ids, 't.elevatorId')
        .where((eb) => eb.or([eb('t.cleared', 'is', null), eb('t.cleared', '=', 0)]))
        .select(['t.id', 't.elevatorId', 't.type', 't.floor', 't.alarmTime'])
        .select((eb) =>
          eb.selectFrom('elevators as e').select('e.name').whereRef('e.id', '=', 't.elevatorId').as('elevatorName'),
        )
        .orderBy('t.id', 'desc')
        .limit(OVERVIEW_LIST_SIZE)
        .execute(),
      scoped(repos.workOrder, caller, ids, 't.elevatorId')
        .where('t.recordState', 'in', [...OPEN_STATES])
        .select(['t.id', 't.workOrderNo', 't.elevatorId', 't.elevatorName', 't.type', 't.recordState', 't.alarmTime'])
        .orderBy('t.id', 'desc')
        .limit(OVERVIEW_LIST_SIZE)
        .execute(),
    ]);

    const byState = new Map(orders.map((o) => [n(o.recordState), n(o.count)]));
    const total = n(lifts?.total);
    const online = n(lifts?.online);
    const perDay = days.map((d, i) => ({ date: d.date, alarms: n(alarms?.[`d${i}`]), faults: n(faults?.[`d${i}`]) }));
    const time = (ms: unknown) => (ms == null ? null : formatDateTime(Number(ms), tz));
    return ok({
      elevators: { total, online, offline: total - online },
      openOrders: {
        reported: byState.get(WORK_ORDER_STATE.reported) ?? 0,
        received: byState.get(WORK_ORDER_STATE.received) ?? 0,
        onSite: byState.get(WORK_ORDER_STATE.onSite) ?? 0,
        total: OPEN_STATES.reduce<number>((sum, s) => sum + (byState.get(s) ?? 0), 0),
      },
      alarms: { today: perDay[6]!.alarms, last7Days: perDay.reduce((s, d) => s + d.alarms, 0) },
      faults: { today: perDay[6]!.faults, last7Days: perDay.reduce((s, d) => s + d.faults, 0) },
      trapped: { today: n(alarms?.trappedToday), last7Days: n(alarms?.trapped7) },
      days: perDay,
      latestAlarms: latestAlarms.map((a) => ({
        id: n(a.id),
        elevatorId: n(a.elevatorId),
        elevatorName: (a.elevatorName as string | null) ?? null,
        type: n(a.type),
        floor: a.floor == null ? null : n(a.floor),
        alarmTime: time(a.alarmTime) ?? '',
      })),
      latestOpenOrders: latestOrders.map((o) => ({
        id: n(o.id),
        workOrderNo: (o.workOrderNo as string | null) ?? null,
        elevatorId: n(o.elevatorId),
        elevatorName: (o.elevatorName as string | null) ?? null,
        type: n(o.type),
        recordState: n(o.recordState),
        alarmTime: time(o.alarmTime),
      })),
    });
  });
}
