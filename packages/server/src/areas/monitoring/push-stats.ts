import {
  COUNTED_KINDS,
  DROP_KINDS,
  PUSH_KINDS,
  PushStatsQuery,
  dayText,
  getGatewayPushStats,
  listGatewayPushStats,
  formatDateTime,
  pushStatsRange,
  utcDay,
  type CountedKind,
  type PushCounts,
  type PushStatsSort,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { ValidationError } from '../../http/errors.js';
import { callerOf } from '../../plugins/auth.js';
import { escapeLike, type LooseDB } from '../../store/repository.js';

const emptyCounts = (): PushCounts =>
  ({ ...Object.fromEntries(COUNTED_KINDS.map((k) => [k, 0])), total: 0, dropped: 0 }) as PushCounts;

const isDrop = (kind: string) => (DROP_KINDS as readonly string[]).includes(kind);

function addTo(counts: PushCounts, kind: string, n: number): void {
  if (!(COUNTED_KINDS as readonly string[]).includes(kind)) return;
  counts[kind as CountedKind] += n;
  if (isDrop(kind)) counts.dropped += n;
  else counts.total += n;
}

/**
 * Push statistics (docs/gateway-protocol.md "Push statistics"): one gateway's days for whoever may read
 * the gateway, and every gateway's today and last 7 days for the super admin's operations screen.
 */
export function registerPushStatsRoutes(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;

  route(app, getGatewayPushStats, async (req) => {
    const gatewayId = req.params.id;
    const gateway = await repos.gatewayDevice.get(callerOf(req), gatewayId, req.timeZone);
    const { issues, from, to } = pushStatsRange(req.query);
    if (issues.length) throw new ValidationError(issues, PushStatsQuery);
    const rows = await db
      .selectFrom('pushStats')
      .select(['day', 'kind', 'count', 'firstTime', 'lastTime'])
      .where('gatewayId', '=', gatewayId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    const days = new Map<number, PushCounts>();
    for (let d = from; d <= to; d++) days.set(d, emptyCounts());
    const totals = emptyCounts();
    let first: number | null = null;
    let last: number | null = null;
    for (const r of rows) {
      const n = Number(r.count);
      addTo(days.get(Number(r.day))!, String(r.kind), n);
      addTo(totals, String(r.kind), n);
      first = first === null ? Number(r.firstTime) : Math.min(first, Number(r.firstTime));
      last = last === null ? Number(r.lastTime) : Math.max(last, Number(r.lastTime));
    }
    return ok({
      gatewayId,
      dtuCode: String(gateway.dtuCode),
      from: dayText(from),
      to: dayText(to),
      days: [...days].map(([d, counts]) => ({ day: dayText(d), ...counts })),
      totals,
      firstPushTime: first === null ? null : formatDateTime(first, req.timeZone),
      lastPushTime: last === null ? null : formatDateTime(last, req.timeZone),
    });
  });

  route(app, listGatewayPushStats, async (req) => {
    const query = req.query;
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? 20;
    const today = utcDay();
    const weekFrom = today - 6;
    const accepted = (expr: ReturnType<typeof sql>) =>
      sql<number>`sum(case when ${sql.ref('kind')} in (${sql.join([...PUSH_KINDS])}) then ${expr} else 0 end)`;
    const windows = db
      .selectFrom('pushStats')
      .select([
        'gatewayId',
        accepted(sql.ref('count')).as('weekTotal'),
        accepted(sql`case when ${sql.ref('day')} = ${today} then ${sql.ref('count')} else 0 end`).as('todayTotal'),
      ])
      .where('day', '>=', weekFrom)
      .groupBy('gatewayId');
    let base = db
      .selectFrom('gatewayDevices as g')
      .leftJoin(windows.as('s'), 's.gatewayId', 'g.id')
      .leftJoin('elevators as e', 'e.id', 'g.elevatorId')
      .leftJoin('tenants as tn', 'tn.id', 'g.tenantId');
    if (query.dtuCode)
      base = base.where(sql`${sql.ref('g.dtuCode')}`, 'like', sql`${`%${escapeLike(query.dtuCode)}%`} escape '\\'`);
    const total = Number((await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst())?.total ?? 0);
    const sortColumns: Record<PushStatsSort, ReturnType<typeof sql>> = {
      week: sql`coalesce(${sql.ref('s.weekTotal')}, 0)`,
      today: sql`coalesce(${sql.ref('s.todayTotal')}, 0)`,
      lastPush: sql`coalesce(${sql.ref('g.lastReportTime')}, 0)`,
      dtuCode: sql`${sql.ref('g.dtuCode')}`,
    };
    const direction = query.order ?? (query.sort === 'dtuCode' ? 'asc' : 'desc');
    const page = total
      ? await base
          .select([
            'g.id as gatewayId',
            'g.dtuCode',
            'g.tenantId',
            'tn.name as tenantName',
            'g.elevatorId',
            'e.name as elevatorName',
            'g.dtuStatus',
            'g.blackStatus',
            'g.lastReportTime',
          ])
          .orderBy(sortColumns[query.sort ?? 'week'], direction)
          .orderBy('g.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute()
      : [];
    const ids = page.map((r) => Number(r.gatewayId));
    const counts = ids.length
      ? await db
          .selectFrom('pushStats')
          .select(['gatewayId', 'day', 'kind', 'count'])
          .where('gatewayId', 'in', ids)
          .where('day', '>=', weekFrom)
          .execute()
      : [];
    const byGateway = new Map<number, { today: PushCounts; week: PushCounts }>(
      ids.map((id) => [id, { today: emptyCounts(), week: emptyCounts() }]),
    );
    for (const c of counts) {
      const entry = byGateway.get(Number(c.gatewayId))!;
      addTo(entry.week, String(c.kind), Number(c.count));
      if (Number(c.day) === today) addTo(entry.today, String(c.kind), Number(c.count));
    }
    const records = page.map((r) => ({
      gatewayId: Number(r.gatewayId),
      dtuCode: String(r.dtuCode),
      tenantId: Number(r.tenantId),
      tenantName: (r.tenantName as string | null) ?? null,
      elevatorId: r.elevatorId === null ? null : Number(r.elevatorId),
      elevatorName: (r.elevatorName as string | null) ?? null,
      online: Number(r.dtuStatus) === 1,
      blacklisted: Number(r.blackStatus) === 1,
      ...byGateway.get(Number(r.gatewayId))!,
      lastPushTime: r.lastReportTime === null ? null : formatDateTime(Number(r.lastReportTime), req.timeZone),
    }));
    return ok({ records, total, pages: Math.ceil(total / pageSize), pageNo, pageSize });
  });
}
