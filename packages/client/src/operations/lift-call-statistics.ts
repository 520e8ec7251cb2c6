import Type, { type Static } from 'typebox';
import { L } from '../schema/fields.js';
import { PERMISSION } from '../permissions.js';
import { fileAnswer, named } from './components.js';
import { defineOperation } from './define.js';
import { CallStatisticsQuery } from './statistics.js';

// ---- call-elevator statistics (domain.md §3 "Other event records": username, mobile, floors, operation type) ----

const count = Type.Integer({ minimum: 0 });
const floor = Type.Union([Type.Integer(), Type.Null()]);

/** The figures of a row: calls in all, by operation type (enums.liftCallOperation), and how many people made them. */
const liftCallFigures = {
  calls: count,
  hallCalls: count,
  carCalls: count,
  destinationCalls: count,
  /** Distinct callers: by mobile, or by username when the record has no mobile. */
  people: count,
};

export const LiftCallStatisticsRow = named(
  'LiftCallStatisticsRow',
  Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), ...liftCallFigures }),
);
export type LiftCallStatisticsRow = Static<typeof LiftCallStatisticsRow>;

/** One line of the call-elevator statistics: who called, between which floors, how, how often, and when last. */
export const LiftCallUsage = named(
  'LiftCallUsage',
  Type.Object({
    username: Type.Union([Type.String(), Type.Null()]),
    mobile: Type.Union([Type.String(), Type.Null()]),
    startFloor: floor,
    endFloor: floor,
    operationType: Type.Integer(),
    calls: count,
    lastCallTime: Type.String(),
  }),
);
export type LiftCallUsage = Static<typeof LiftCallUsage>;

/** How many lines of usage the answer lists, most calls first (the export lists up to LIFT_CALL_USAGE_EXPORTED). */
export const LIFT_CALL_USAGE_LISTED = 200;
export const LIFT_CALL_USAGE_EXPORTED = 50_000;

export const LiftCallStatistics = named(
  'LiftCallStatistics',
  Type.Object({
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    groupBy: Type.String(),
    rows: Type.Array(LiftCallStatisticsRow),
    totals: Type.Object(liftCallFigures),
    months: Type.Array(
      Type.Object({ month: Type.String(), hallCalls: count, carCalls: count, destinationCalls: count }),
    ),
    usage: Type.Array(LiftCallUsage),
    /** Usage lines beyond those listed. */
    usageNotListed: count,
  }),
);
export type LiftCallStatistics = Static<typeof LiftCallStatistics>;

export const getLiftCallStatistics = defineOperation({
  operationId: 'getLiftCallStatistics',
  method: 'GET',
  path: 'statistics/liftCalls',
  permission: PERMISSION.aiStatistics,
  tags: ['statistics'],
  summary: 'Call-elevator records over a period: by company, use unit or elevator, and by user, floors and operation',
  query: CallStatisticsQuery,
  response: LiftCallStatistics,
});

/** The call-elevator usage (username, mobile, floors, operation type, calls) as .xlsx, in the request's language. */
export const exportLiftCallStatistics = defineOperation({
  operationId: 'exportLiftCallStatistics',
  method: 'GET',
  path: 'statistics/liftCalls/export',
  permission: PERMISSION.aiStatistics,
  tags: ['statistics'],
  summary: 'Export the call-elevator statistics as .xlsx',
  query: CallStatisticsQuery,
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  response: fileAnswer(),
});

export const LIFT_CALL_LABELS = {
  title: L('呼梯统计', 'Call-elevator statistics', 'Statistiche chiamate ascensore'),
  calls: L('呼梯次数', 'Calls', 'Chiamate'),
  hallCalls: L('外呼', 'Hall calls', 'Chiamate al piano'),
  carCalls: L('内选', 'Car calls', 'Chiamate in cabina'),
  destinationCalls: L('目的层呼梯', 'Destination calls', 'Chiamate a destinazione'),
  people: L('呼梯人数', 'People', 'Persone'),
  usage: L('呼梯明细', 'By user and floors', 'Per utente e piani'),
  username: L('用户名', 'Username', 'Nome utente'),
  mobile: L('手机号', 'Mobile', 'Cellulare'),
  floors: L('楼层', 'Floors', 'Piani'),
  operationType: L('操作类型', 'Operation type', 'Tipo di operazione'),
  lastCallTime: L('最近呼梯', 'Last call', 'Ultima chiamata'),
} as const;

/** The floors of a usage line as people read them: "3 → 12", "→ 12" (a car call), "3" (a hall call). */
export const liftCallFloors = (u: Pick<LiftCallUsage, 'startFloor' | 'endFloor'>): string =>
  u.startFloor !== null && u.endFloor !== null
    ? `${u.startFloor} → ${u.endFloor}`
    : u.endFloor !== null
      ? `→ ${u.endFloor}`
      : u.startFloor !== null
        ? String(u.startFloor)
        : '–';
