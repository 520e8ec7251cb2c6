import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, int, ref, refName, required, text } from '../schema/fields.js';

/**
 * A call on an elevator's intercom a gateway reported (index 38, domain.md §3 "Other event records"): when,
 * how long, who called whom, and the recording's reference. Kept by the ingest, read-only to users.
 */
export const callRecord = defineEntity({
  name: 'callRecord',
  label: L('通话记录', 'Call record', 'Registro chiamate'),
  path: 'callRecords',
  permission: PERMISSION.callRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator', 'Ascensore'), 'elevatorId'),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    callTime: required(datetime(L('通话时间', 'Call time', 'Ora chiamata'))),
    durationSeconds: int(L('通话时长(秒)', 'Duration (s)', 'Durata (s)'), { min: 0, max: 86_400 }),
    originator: text(L('发起人', 'Originator', 'Chiamante'), { max: 50 }),
    connector: text(L('接听人', 'Connector', 'Risponditore'), { max: 50 }),
    phone: text(L('电话', 'Phone', 'Telefono'), { max: 20 }),
    audio: text(L('录音', 'Recording', 'Registrazione'), { max: 500 }),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', phone: 'eq', callTime: 'range' },
  spans: { callTime: 'fifteenDay' },
});
