import Type, { type Static } from 'typebox';
import { MONITOR_MAX_ELEVATORS } from '../constants.js';
import { L } from '../schema/fields.js';
import { elevator } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, named } from './components.js';
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
  permission: PERMISSION.monitorCenter,
  tags: ['monitoring'],
  summary: 'Kanban totals, seven-day alarms and faults, latest alarms and open repair orders',
  query: MonitoringOverviewQuery,
  response: MonitoringOverview,
});

/** One elevator's live state as its gateway last reported it (nulls before any report). */
export const ElevatorState = named(
  'ElevatorState',
  Type.Object({
    floor: Type.Union([Type.Integer(), Type.Null()]),
    direction: Type.Union([Type.Integer(), Type.Null()]),
    door: Type.Union([Type.Integer(), Type.Null()]),
    run: Type.Union([Type.Integer(), Type.Null()]),
    flags: Type.Array(Type.Integer()),
    online: Type.Boolean(),
    /** Epoch milliseconds of the last report. */
    updateTime: Type.Union([Type.Integer(), Type.Null()]),
  }),
);
export type ElevatorState = Static<typeof ElevatorState>;

export const getElevatorState = defineOperation({
  operationId: 'getElevatorState',
  method: 'GET',
  path: `${elevator.path}/:id/state`,
  // the elevator list and the monitor screens that show one elevator's state
  permission: [
    PERMISSION.elevators,
    PERMISSION.singleLadderMonitor,
    PERMISSION.useUnitMonitor,
    PERMISSION.monitorCenter,
  ],
  tags: [elevator.name],
  summary: 'The live state of one elevator (single monitor)',
  params: IdParams,
  response: ElevatorState,
});
