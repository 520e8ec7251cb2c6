import Type, { type Static } from 'typebox';
import { offlineDuration, statisticsPeriod } from '../enums.js';
import { L } from '../schema/fields.js';
import { PERMISSION } from '../permissions.js';
import { fileAnswer, named } from './components.js';
import { defineOperation } from './define.js';

/** What the statistics are grouped by: the rows of the table (domain.md §9). */
export const STATISTICS_GROUPS = ['company', 'useUnit', 'elevator'] as const;
export type StatisticsGroup = (typeof STATISTICS_GROUPS)[number];

/** The bounds of the offline duration filters (domain.md §9), in minutes: within 2 h, 2 h to 1 day, over 1 day. */
export const OFFLINE_DURATION_MINUTES: Record<1 | 2 | 3, { min: number; max: number | null }> = {
  1: { min: 0, max: 120 },
  2: { min: 120, max: 1440 },
  3: { min: 1440, max: null },
};

const minutes = (label: ReturnType<typeof L>) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 525_600, 'x-label': label }));

/**
 * GET statistics (index 851): faults, alarms, trapped passengers, power cuts, repair response times and
 * maintenance done on time, over a period (current month, last six months, this year to date, in the caller's
 * time zone), by company, use unit or elevator. `offlineDuration` counts only the power cuts whose outage lasted
 * that long (custom: offlineMinMinutes to offlineMaxMinutes).
 */
export const StatisticsQuery = named(
  'StatisticsQuery',
  Type.Object({
    period: Type.Integer({
      enum: statisticsPeriod.options.map((o) => o.code),
      'x-label': L('统计周期', 'Period', 'Periodo'),
    }),
    groupBy: Type.Optional(
      Type.String({ enum: [...STATISTICS_GROUPS], 'x-label': L('统计维度', 'Group by', 'Raggruppa per') }),
    ),
    offlineDuration: Type.Optional(
      Type.Integer({
        enum: offlineDuration.options.map((o) => o.code),
        'x-label': L('离线时长', 'Offline duration', 'Durata offline'),
      }),
    ),
    offlineMinMinutes: minutes(L('最短离线分钟', 'Offline from (min)', 'Offline da (min)')),
    offlineMaxMinutes: minutes(L('最长离线分钟', 'Offline to (min)', 'Offline fino a (min)')),
    elevatorIds: Type.Optional(
      Type.String({
        maxLength: 2000,
        pattern: '^[0-9]+(,[0-9]+)*$',
        'x-label': L('电梯', 'Elevators', 'Ascensori'),
      }),
    ),
  }),
);
export type StatisticsQuery = Static<typeof StatisticsQuery>;

const count = Type.Integer({ minimum: 0 });
const avgMinutes = Type.Union([Type.Number(), Type.Null()], { description: 'mean minutes, null with no orders' });

const figures = {
  faults: count,
  alarms: count,
  trapped: count,
  powerCuts: count,
  repairOrders: count,
  /** Mean minutes from the alarm to the order's receipt, to arrival on site, to completion. */
  toReceiveMinutes: avgMinutes,
  toArriveMinutes: avgMinutes,
  toCompleteMinutes: avgMinutes,
  maintenanceDone: count,
  maintenanceOnTime: count,
};

export const StatisticsRow = named(
  'StatisticsRow',
  Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), ...figures }),
);
export type StatisticsRow = Static<typeof StatisticsRow>;

export const Statistics = named(
  'Statistics',
  Type.Object({
    period: Type.Integer(),
    /** First and last day counted, yyyy-MM-dd in the caller's time zone. */
    from: Type.String(),
    to: Type.String(),
    groupBy: Type.String(),
    rows: Type.Array(StatisticsRow),
    totals: Type.Object(figures),
    /** Per calendar month of the period (yyyy-MM), oldest first: what the chart draws. */
    months: Type.Array(
      Type.Object({ month: Type.String(), faults: count, alarms: count, trapped: count, powerCuts: count }),
    ),
  }),
);
export type Statistics = Static<typeof Statistics>;

export const getStatistics = defineOperation({
  operationId: 'getStatistics',
  method: 'GET',
  path: 'statistics',
  permission: PERMISSION.aiStatistics,
  tags: ['statistics'],
  summary:
    'Faults, alarms, trapped, power cuts, repair response and maintenance on time, by company, use unit or elevator',
  query: StatisticsQuery,
  response: Statistics,
});

/** The statistics table as .xlsx, in the request's language: the same rows as getStatistics, then the totals. */
export const exportStatistics = defineOperation({
  operationId: 'exportStatistics',
  method: 'GET',
  path: 'statistics/export',
  permission: PERMISSION.aiStatistics,
  tags: ['statistics'],
  summary: 'Export the statistics table as .xlsx',
  query: StatisticsQuery,
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  response: fileAnswer(),
});

/** Column labels of the statistics table: the console, the export, the PDF and liftctl use these. */
export const STATISTICS_LABELS = {
  name: L('名称', 'Name', 'Nome'),
  faults: L('故障', 'Faults', 'Guasti'),
  alarms: L('报警', 'Alarms', 'Allarmi'),
  trapped: L('困人', 'Trapped', 'Intrappolati'),
  powerCuts: L('停电', 'Power cuts', 'Interruzioni'),
  repairOrders: L('急修单', 'Repair orders', 'Ordini di riparazione'),
  toReceiveMinutes: L('接单(分钟)', 'To receive (min)', 'Presa in carico (min)'),
  toArriveMinutes: L('到场(分钟)', 'To arrive (min)', 'Arrivo (min)'),
  toCompleteMinutes: L('完成(分钟)', 'To complete (min)', 'Completamento (min)'),
  maintenanceDone: L('维保完成', 'Maintenance done', 'Manutenzioni fatte'),
  maintenanceOnTime: L('按时维保', 'On time', 'In orario'),
  total: L('合计', 'Total', 'Totale'),
} as const;
export const STATISTICS_COLUMNS = Object.keys(STATISTICS_LABELS).filter((k) => k !== 'total') as (keyof Omit<
  typeof STATISTICS_LABELS,
  'total'
>)[];

// ---- call statistics (domain.md §3 "Other event records": call statistics), from the call records ----

export const CallStatisticsQuery = named(
  'CallStatisticsQuery',
  Type.Object({
    period: StatisticsQuery.properties.period,
    groupBy: StatisticsQuery.properties.groupBy,
    elevatorIds: StatisticsQuery.properties.elevatorIds,
  }),
);
export type CallStatisticsQuery = Static<typeof CallStatisticsQuery>;

const callFigures = {
  calls: count,
  /** Calls someone answered: a duration above zero. */
  answered: count,
  unanswered: count,
  totalSeconds: count,
  meanSeconds: Type.Union([Type.Number(), Type.Null()], { description: 'mean seconds of the answered calls' }),
};

export const CallStatisticsRow = named(
  'CallStatisticsRow',
  Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), ...callFigures }),
);
export type CallStatisticsRow = Static<typeof CallStatisticsRow>;

/** How many callers the answer lists, most calls first. */
export const CALLERS_LISTED = 100;

export const CallStatistics = named(
  'CallStatistics',
  Type.Object({
    period: Type.Integer(),
    from: Type.String(),
    to: Type.String(),
    groupBy: Type.String(),
    rows: Type.Array(CallStatisticsRow),
    totals: Type.Object(callFigures),
    months: Type.Array(Type.Object({ month: Type.String(), calls: count, answered: count })),
    /** Who called (the record's originator and phone), most calls first. */
    callers: Type.Array(
      Type.Object({
        originator: Type.Union([Type.String(), Type.Null()]),
        phone: Type.Union([Type.String(), Type.Null()]),
        calls: count,
        answered: count,
        lastCallTime: Type.String(),
      }),
    ),
  }),
);
export type CallStatistics = Static<typeof CallStatistics>;

export const getCallStatistics = defineOperation({
  operationId: 'getCallStatistics',
  method: 'GET',
  path: 'statistics/calls',
  permission: PERMISSION.aiStatistics,
  tags: ['statistics'],
  summary: 'Intercom calls over a period: made, answered, their length, by company, use unit or elevator, and callers',
  query: CallStatisticsQuery,
  response: CallStatistics,
});

export const CALL_STATISTICS_LABELS = {
  title: L('通话统计', 'Call statistics', 'Statistiche chiamate'),
  calls: L('通话', 'Calls', 'Chiamate'),
  answered: L('接通', 'Answered', 'Risposte'),
  unanswered: L('未接通', 'Unanswered', 'Senza risposta'),
  totalSeconds: L('总时长(秒)', 'Total (s)', 'Totale (s)'),
  meanSeconds: L('平均时长(秒)', 'Mean (s)', 'Media (s)'),
  callers: L('呼叫人', 'Callers', 'Chiamanti'),
  originator: L('发起人', 'Originator', 'Chiamante'),
  phone: L('电话', 'Phone', 'Telefono'),
  lastCallTime: L('最近通话', 'Last call', 'Ultima chiamata'),
} as const;
