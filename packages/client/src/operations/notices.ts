import Type from 'typebox';
import { alarmRecord, eventRecord, workOrder } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { named, noticeListOf } from './components.js';
import { defineOperation } from './define.js';
import { entityOperations } from './entity.js';

/** The notice calls the console polls (console-shell.md §7, §9): new repair orders, alarm bells, power losses, video calls. */
const tags = ['notice'];

const NoticeQuery = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1 })),
  workOrderRecordState: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
});

/** An alarm-bell alarm as the notice shows it (the names the console's notice reads). */
export const AlarmBellNotice = named(
  'AlarmBellNotice',
  Type.Object({
    id: Type.Integer(),
    elevatorNo: Type.Union([Type.Integer(), Type.Null()]),
    elevatorName: Type.Union([Type.String(), Type.Null()]),
    newStatus: Type.Union([Type.Integer(), Type.Null()]),
    alarmTime: Type.Union([Type.String(), Type.Null()]),
  }),
);

/** An open people-trapped order the video call can join. */
export const TrappedCallAlarm = named(
  'TrappedCallAlarm',
  Type.Object({ elevatorName: Type.String(), imAccount: Type.String(), alarmTime: Type.String() }),
);

export const listRepairNotices = defineOperation({
  operationId: 'listRepairNotices',
  method: 'GET',
  path: `${workOrder.path}/web`,
  permission: PERMISSION.repairOrders,
  tags,
  summary: 'Repair notices: work orders in one state (the console polls state 1)',
  query: NoticeQuery,
  response: noticeListOf(entityOperations(workOrder).get.response),
});

export const listAlarmBellNotices = defineOperation({
  operationId: 'listAlarmBellNotices',
  method: 'GET',
  path: `${alarmRecord.path}/notice`,
  permission: PERMISSION.alarmRecords,
  tags,
  summary: 'Alarm bell notices: alarm-bell alarms of the last 10 minutes',
  response: noticeListOf(AlarmBellNotice),
});

export const listPowerLossNotices = defineOperation({
  operationId: 'listPowerLossNotices',
  method: 'GET',
  path: 'mbPowerLoss/notice',
  permission: PERMISSION.anyUser,
  tags,
  summary: 'Gateway power-down events',
  response: noticeListOf(entityOperations(eventRecord).get.response),
});

export const listTrappedCallAlarms = defineOperation({
  operationId: 'listTrappedCallAlarms',
  method: 'GET',
  path: 'elevatorLcds/alarms',
  permission: PERMISSION.anyUser,
  tags,
  summary: 'Open people-trapped alarms for the video call',
  response: Type.Array(TrappedCallAlarm),
});
