import { PERMISSION } from '../permissions.js';
import { alarmType, repairMethod, workOrderState } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { eventDetailText, eventKindText } from './event-text.js';
import { L, bool, datetime, enumOf, int, num, readOnly, ref, refName, required, text } from '../schema/fields.js';
import { phone } from '../rules/formats.js';

/** The elevator's current name, read through elevatorId (a work order keeps the name it was opened with). */
const elevatorName = () => refName(L('电梯名称', 'Elevator', 'Ascensore'), 'elevatorId');

/** A fault a gateway reported (index 117); kept by the ingest, read-only to users. */
export const faultRecord = defineEntity({
  name: 'faultRecord',
  label: L('故障记录', 'Fault record', 'Registro guasti'),
  path: 'faultRecords',
  permission: PERMISSION.faultRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: elevatorName(),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    faultNo: required(text(L('故障代码', 'Fault code', 'Codice guasto'), { max: 16 })),
    faultTime: required(datetime(L('故障时间', 'Fault time', 'Ora del guasto'))),
    mainBoardTime: datetime(L('主板时间', 'Main board time', 'Ora scheda')),
    faultType: text(L('故障类型', 'Fault type', 'Tipo di guasto'), { max: 20 }),
    faultStorey: int(L('故障楼层', 'Fault floor', 'Piano del guasto')),
    faultFloorCode: text(L('故障楼层码', 'Fault floor code', 'Codice piano guasto'), { max: 10 }),
    // the floor the fault floor code stands for in the lift's floor mapping, and what its display shows there
    faultFloor: int(L('故障实际楼层', 'Fault floor (actual)', 'Piano del guasto (effettivo)')),
    displayFaultFloor: text(L('故障显示楼层', 'Fault floor (displayed)', 'Piano del guasto (visualizzato)'), {
      max: 10,
    }),
    hex: text(L('原始报文', 'Raw (hex)', 'Grezzo (hex)'), { max: 200 }),
    hazardCode: text(L('隐患代码', 'Safety hazard code', 'Codice rischio'), { max: 16 }),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', faultNo: 'eq', faultTime: 'range' },
  spans: { faultTime: 'fault' },
});

/** An alarm a gateway raised (index 341 for the alarm bell list): the four alarm types. */
export const alarmRecord = defineEntity({
  name: 'alarmRecord',
  label: L('报警记录', 'Alarm record', 'Registro allarmi'),
  path: 'alarmRecords',
  permission: PERMISSION.alarmRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: elevatorName(),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    type: required(enumOf(L('报警类型', 'Alarm type', 'Tipo di allarme'), alarmType)),
    floor: int(L('楼层', 'Floor', 'Piano')),
    cleared: bool(L('已恢复', 'Cleared', 'Rientrato')),
    alarmTime: required(datetime(L('报警时间', 'Alarm time', 'Ora allarme'))),
    workOrderId: readOnly(ref(L('急修工单', 'Repair order', 'Ordine di riparazione'), 'workOrder')),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', type: 'eq', alarmTime: 'range' },
  spans: { alarmTime: 'alarm' },
});

/** Other gateway events: power-down and restore, alarm bell, calls, run data (index 45). */
export const eventRecord = defineEntity({
  name: 'eventRecord',
  label: L('事件记录', 'Event record', 'Registro eventi'),
  path: 'eventRecords',
  permission: PERMISSION.eventRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: elevatorName(),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    kind: { ...required(text(L('事件类型', 'Event', 'Evento'), { max: 20 })), show: eventKindText },
    eventTime: required(datetime(L('事件时间', 'Event time', 'Ora evento'))),
    detail: { ...text(L('详情', 'Detail', 'Dettaglio'), { max: 2000 }), show: eventDetailText },
    // run data (domain.md "Other event records"), as fields
    startFloor: int(L('起始楼层', 'Start floor', 'Piano di partenza')),
    endFloor: int(L('结束楼层', 'End floor', 'Piano di arrivo')),
    distance: num(L('运行距离(m)', 'Distance (m)', 'Distanza (m)')),
    maxSpeed: num(L('最大速度(m/s)', 'Maximum speed (m/s)', 'Velocità massima (m/s)')),
    acceleration: num(L('加速度(m/s²)', 'Acceleration (m/s²)', 'Accelerazione (m/s²)')),
    jerk: num(L('加加速度(m/s³)', 'Jerk (m/s³)', 'Strappo (m/s³)')),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', kind: 'eq', eventTime: 'range' },
  // domain.md §5: event time within 3 days, power-down time within 7
  spans: { eventTime: (query) => (query.kind === 'powerDown' ? 'powerDown' : 'event') },
});

/** A repair (emergency) work order (index 302): opened by an alarm, moved by people through its states. */
export const workOrder = defineEntity({
  name: 'workOrder',
  label: L('急修工单', 'Repair work order', 'Ordine di riparazione'),
  path: 'workOrders',
  permission: PERMISSION.repairOrders,
  readOnly: true,
  fields: {
    workOrderNo: readOnly(text(L('工单编号', 'Work order no.', 'Numero ordine'), { max: 30 })),
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: readOnly(text(L('电梯名称', 'Elevator', 'Ascensore'), { max: 100 })),
    address: readOnly(text(L('地址', 'Address', 'Indirizzo'), { max: 200 })),
    deviceCode: readOnly(text(L('设备编号', 'Device code', 'Codice dispositivo'), { max: 11 })),
    type: required(enumOf(L('报警类型', 'Alarm type', 'Tipo di allarme'), alarmType)),
    recordState: readOnly(enumOf(L('工单状态', 'State', 'Stato'), workOrderState)),
    alarmTime: readOnly(datetime(L('报警时间', 'Alarm time', 'Ora allarme'))),
    callTime: readOnly(datetime(L('接警时间', 'Received', 'Presa in carico'))),
    acceptorId: readOnly(ref(L('接警人', 'Acceptor', 'Accettante'), 'user')),
    repairMethod: enumOf(L('报修方式', 'Repair method', 'Modalità di richiesta'), repairMethod),
    handling: text(L('处理情况', 'Handling', 'Intervento'), { max: 1000 }),
    faultReason: text(L('故障原因', 'Fault reason', 'Causa del guasto'), { max: 500 }),
    contactPerson: text(L('联系人', 'Contact person', 'Referente'), { max: 50 }),
    contactTel: text(L('联系电话', 'Contact phone', 'Telefono referente'), { max: 20, rule: phone }),
    hasPeople: bool(L('是否有人', 'People inside', 'Persone a bordo')),
    revocationReason: readOnly(text(L('撤销原因', 'Cancel reason', 'Motivo annullamento'), { max: 500 })),
    paused: readOnly(bool(L('已暂停', 'Paused', 'Sospeso'))),
    secondAlarm: readOnly(bool(L('二次报警', 'Second alarm', 'Secondo allarme'))),
    finishTime: readOnly(datetime(L('完成时间', 'Finished', 'Completato'))),
    // raised by people (docs/decisions.md "Repair orders raised by people")
    alarmPersonPhone: text(L('报警人电话', 'Alarm person phone', 'Telefono di chi segnala'), { max: 20, rule: phone }),
    propertyName: text(L('物业名称', 'Property', 'Proprietà'), { max: 100 }),
    launcher: readOnly(text(L('发起人', 'Launcher', 'Avviato da'), { max: 50 })),
    confirmPeople: readOnly(text(L('确认人', 'Confirmed by', 'Confermato da'), { max: 50 })),
    // the annual inspection whose no-pass raised it (repair method 4)
    inspectionId: readOnly(ref(L('年检记录', 'Annual inspection', 'Ispezione annuale'), 'inspection')),
    // the alarm flow flags (workflow/workOrder.ts WORK_ORDER_FLAGS), raised by the work-order service's moves
    reported: readOnly(bool(L('已报警', 'Reported', 'Segnalato'))),
    answered: readOnly(bool(L('已接警', 'Answered', 'Preso in carico'))),
    arrived: readOnly(bool(L('已到达', 'Arrived', 'Arrivato'))),
    finished: readOnly(bool(L('已完成', 'Finished', 'Completato'))),
    recovered: readOnly(bool(L('已恢复', 'Recovered', 'Ripristinato'))),
    confirmed: readOnly(bool(L('已确认', 'Confirmed', 'Confermato'))),
    autoConfirmed: readOnly(bool(L('已自动确认', 'Auto confirmed', 'Confermato automaticamente'))),
    cancelled: readOnly(bool(L('已撤销', 'Cancelled', 'Annullato'))),
  },
  filters: { workOrderNo: 'eq', elevatorId: 'eq', type: 'eq', recordState: 'eq', alarmTime: 'range' },
});
