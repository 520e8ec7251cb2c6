import Type, { type Static } from 'typebox';
import { UP_KINDS } from '../gateway/protocol.js';
import { gatewayDevice } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, labelled, named, pageOf } from './components.js';
import { defineOperation } from './define.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, QUERY_SPAN_DAYS } from '../constants.js';
import { withinSpan } from '../rules/spans.js';
import { calendarDate } from '../rules/formats.js';
import { DAY_MS } from '../rules/common.js';
import type { Issue } from '../schema/entity.js';

/**
 * Push statistics: how many messages each gateway pushed, per UTC day and kind. Accepted kinds are the
 * up-message kinds; dropped kinds are messages the ingest refused (docs/gateway-protocol.md).
 */
export const PUSH_KINDS = UP_KINDS;
export const DROP_KINDS = ['malformed', 'oversized', 'unbound'] as const;
export const COUNTED_KINDS = [...PUSH_KINDS, ...DROP_KINDS] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];
export type DropKind = (typeof DROP_KINDS)[number];

/** Days one per-gateway query may cover (both ends included: the span rule's "one month"). */
export const PUSH_STATS_SPAN = 'oneMonth' as const;
export const PUSH_STATS_DEFAULT_DAYS = 7;

/** yyyy-MM-dd of a UTC day number (days since 1970-01-01). */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The UTC day number of yyyy-MM-dd (the text is assumed valid). */
export const dayNumber = (text: string): number => Math.floor(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
export const utcDay = (now = Date.now()): number => Math.floor(now / DAY_MS);

const dayField = (zh: string, en: string, it: string) =>
  Type.Optional(labelled(Type.String({ format: calendarDate.format }), zh, en, it));

export const PushStatsQuery = Type.Object(
  {
    from: dayField('开始日期', 'From (UTC day)', 'Dal giorno (UTC)'),
    to: dayField('结束日期', 'To (UTC day)', 'Al giorno (UTC)'),
  },
  { additionalProperties: true },
);
export type PushStatsQuery = Static<typeof PushStatsQuery>;

/**
 * The range of a per-gateway query: `to` defaults to today (UTC), `from` to 6 days before `to`; `from`
 * after `to` or more than a month apart is refused, naming `to`.
 */
export function pushStatsRange(query: PushStatsQuery, now = Date.now()): { issues: Issue[]; from: number; to: number } {
  const to = query.to ? dayNumber(query.to) : utcDay(now);
  const from = query.from ? dayNumber(query.from) : to - (PUSH_STATS_DEFAULT_DAYS - 1);
  const issues = withinSpan(dayText(from), dayText(to), PUSH_STATS_SPAN, { start: 'from', end: 'to' });
  return { issues, from, to };
}
export const PUSH_STATS_MAX_DAYS = QUERY_SPAN_DAYS[PUSH_STATS_SPAN] + 1;

const Counts = Type.Object(
  Object.fromEntries(COUNTED_KINDS.map((k) => [k, Type.Integer()])) as Record<
    CountedKind,
    ReturnType<typeof Type.Integer>
  >,
);
/** Counts of one day or window: each kind, the accepted total and the dropped total. */
export const PushCounts = named(
  'PushCounts',
  Type.Intersect([Counts, Type.Object({ total: Type.Integer(), dropped: Type.Integer() })]),
);
export type PushCounts = Static<typeof PushCounts>;

export const GatewayPushStats = named(
  'GatewayPushStats',
  Type.Object({
    gatewayId: Type.Integer(),
    dtuCode: Type.String(),
    from: Type.String(),
    to: Type.String(),
    /** Every day of the range, oldest first, zeros included. */
    days: Type.Array(Type.Intersect([Type.Object({ day: Type.String() }), PushCounts])),
    totals: PushCounts,
    /** The first and last push in the range, in the caller's time zone (null when none). */
    firstPushTime: Type.Union([Type.String(), Type.Null()]),
    lastPushTime: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type GatewayPushStats = Static<typeof GatewayPushStats>;

export const PUSH_STATS_SORTS = ['week', 'today', 'lastPush', 'dtuCode'] as const;
export type PushStatsSort = (typeof PUSH_STATS_SORTS)[number];

export const PushStatsListQuery = Type.Object(
  {
    pageNo: Type.Optional(
      labelled(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }), '页码', 'Page', 'Pagina'),
    ),
    // The list convention: one of 20, 30, 50, 100, 200 (validation.pageSize).
    pageSize: Type.Optional(
      labelled(
        Type.Unsafe<number>({
          type: 'integer',
          enum: [...PAGE_SIZES],
          default: DEFAULT_PAGE_SIZE,
          'x-rule': 'pageSize',
        }),
        '每页条数',
        'Page size',
        'Dimensione pagina',
      ),
    ),
    dtuCode: Type.Optional(labelled(Type.String({ maxLength: 11 }), 'DTU编号', 'DTU number', 'Numero DTU')),
    sort: Type.Optional(
      labelled(
        Type.Unsafe<PushStatsSort>(Type.Union(PUSH_STATS_SORTS.map((s) => Type.Literal(s)))),
        '排序',
        'Sort by',
        'Ordina per',
      ),
    ),
    order: Type.Optional(labelled(Type.Union([Type.Literal('asc'), Type.Literal('desc')]), '顺序', 'Order', 'Ordine')),
  },
  { additionalProperties: true },
);
export type PushStatsListQuery = Static<typeof PushStatsListQuery>;

export const PushStatsRow = named(
  'PushStatsRow',
  Type.Object({
    gatewayId: Type.Integer(),
    dtuCode: Type.String(),
    tenantId: Type.Integer(),
    tenantName: Type.Union([Type.String(), Type.Null()]),
    elevatorId: Type.Union([Type.Integer(), Type.Null()]),
    elevatorName: Type.Union([Type.String(), Type.Null()]),
    online: Type.Boolean(),
    blacklisted: Type.Boolean(),
    /** Today (UTC) and the last 7 UTC days including today. */
    today: PushCounts,
    week: PushCounts,
    /** The last accepted message, in the caller's time zone. */
    lastPushTime: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type PushStatsRow = Static<typeof PushStatsRow>;

const tags = [gatewayDevice.name];

export const getGatewayPushStats = defineOperation({
  operationId: 'getGatewayPushStats',
  method: 'GET',
  path: `${gatewayDevice.path}/:id/pushStats`,
  permission: PERMISSION.gateways,
  tags,
  summary: 'Messages a gateway pushed per UTC day and kind (default: the last 7 days, at most a month)',
  params: IdParams,
  query: PushStatsQuery,
  response: GatewayPushStats,
});

export const listGatewayPushStats = defineOperation({
  operationId: 'listGatewayPushStats',
  method: 'GET',
  path: `${gatewayDevice.path}/pushStats`,
  permission: PERMISSION.superAdmin,
  tags,
  summary: 'Every gateway with its pushes today and in the last 7 UTC days (super admin)',
  query: PushStatsListQuery,
  response: pageOf(PushStatsRow),
});
