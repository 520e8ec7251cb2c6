import { PERMISSION } from '../permissions.js';
import { liftCallOperation } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, enumOf, int, ref, refName, required, text } from '../schema/fields.js';

/**
 * A person calling a lift from the app or a hall QR code, as its gateway reported it (domain.md §3 "Other event
 * records": call-elevator records, username, mobile, floors, operation type). Kept by the ingest, read-only,
 * listed beside the intercom calls (index 38).
 */
export const liftCallRecord = defineEntity({
  name: 'liftCallRecord',
  label: L('呼梯记录', 'Call-elevator record', 'Registro chiamate ascensore'),
  path: 'liftCallRecords',
  permission: PERMISSION.callRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator', 'Ascensore'), 'elevatorId'),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    callTime: required(datetime(L('呼梯时间', 'Call time', 'Ora chiamata'))),
    username: text(L('用户名', 'Username', 'Nome utente'), { max: 50 }),
    mobile: text(L('手机号', 'Mobile', 'Cellulare'), { max: 20 }),
    startFloor: int(L('呼梯楼层', 'From floor', 'Dal piano')),
    endFloor: int(L('目的楼层', 'To floor', 'Al piano')),
    operationType: required(enumOf(L('操作类型', 'Operation type', 'Tipo di operazione'), liftCallOperation)),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', mobile: 'eq', operationType: 'eq', callTime: 'range' },
  spans: { callTime: 'fifteenDay' },
});
