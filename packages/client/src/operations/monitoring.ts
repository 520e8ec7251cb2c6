import Type, { type Static } from 'typebox';
import { MONITOR_MAX_ELEVATORS } from '../constants.js';
import { L } from '../schema/fields.js';
import { named } from './components.js';
import { defineOperation } from './define.js';

/**
 * GET monitoring/overview (index 406): totals for the kanban and the monitor center's side list, over the
 * elevators and records the caller may see, or only over the chosen elevators.
 */
export const MonitoringOverviewQuery = Type.Object({
  elevatorIds: Type.Optional(
    Type.String({
      maxLength: 200,
      pattern: '^[0-9]+(,[0-9]+)*$',
      'x-label': L('电梯', 'Elevators', 'Ascensori'),
      description: `Comma-joined elevator ids, at most ${MONITOR_MAX_ELEVATORS}`,
    }),
  ),
});
export type MonitoringOverviewQuery = Static<typeof MonitoringOverviewQuery>;

const count = Type.Integer({ minimum: 0 });
const nullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const OverviewAlarm = named(
  'OverviewAlarm',
  Type.Object({
    id: Type.Integer(),
    elevatorId: Type.Integer(),
    elevatorName: Type.Union([Type.String(), Type.Null()]),
    type: Type.Integer(),
    floor: nullableInt,
    alarmTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss in the caller’s time zone' }),
  }),
);
export type OverviewAlarm = Static<typeof OverviewAlarm>;

export const OverviewOrder = named(
  'OverviewOrder',
  Type.Object({
    id: Type.Integer(),
    workOrderNo: Type.Union([Type.String(), Type.Null()]),
    elevatorId: Type.Integer(),
    elevatorName: Type.Union([Type.String(), Type.Null()]),
    type: Type.Integer(),
    recordState: Type.Integer(),
    alarmTime: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type OverviewOrder = Static<typeof OverviewOrder>;

export const MonitoringOverview = named(
  'MonitoringOverview',
  Type.Object({
    elevators: Type.Object({ total: count, online: count, offline: count }),
    /** Open repair orders (states 0 reported, 1 received, 2 on site) by state. */
    openOrders: Type.Object({ reported: count, received: count, onSite: count, total: count }),
    alarms: Type.Object({ today: count, last7Days: count }),
    faults: Type.Object({ today: count, last7Days: count }),
    trapped: Type.Object({ today: count, last7Days: count }),
    /** The last seven calendar days in the caller's time zone, oldest first; the last is today. */
    days: Type.Array(Type.Object({ date: Type.String(), alarms: count, faults: count })),
    latestAlarms: Type.Array(OverviewAlarm),
    latestOpenOrders: Type.Array(OverviewOrder),
  }),
);
export type MonitoringOverview = Static<typeof MonitoringOverview>;

/** How many latest alarms and open orders the overview lists. */
export const OVERVIEW_LIST_SIZE = 20;

export const getMonitoringOverview = defineOperation({
  operationId: 'getMonitoringOverview',
  method: 'GET',
  path: 'monitoring/overview',
  permission: 406,
  tags: ['monitoring'],
  summary: 'Kanban totals, seven-day alarms and faults, latest alarms and open repair orders',
  query: MonitoringOverviewQuery,
  response: MonitoringOverview,
});
