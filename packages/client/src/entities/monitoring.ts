import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, readOnly, ref, required, text } from '../schema/fields.js';

/** A monitoring device on site (index 812); the documents give no fields, so these are the ones a user expects. */
export const monitorDevice = defineEntity({
  name: 'monitorDevice',
  label: L('监控设备', 'Monitor device', 'Dispositivo di monitoraggio'),
  path: 'monitorDevices',
  permission: PERMISSION.monitorDevices,
  fields: {
    code: required(text(L('设备编号', 'Device code', 'Codice dispositivo'), { max: 50 })),
    name: required(text(L('设备名称', 'Name', 'Nome'), { max: 100 })),
    type: text(L('设备类型', 'Type', 'Tipo'), { max: 50 }),
    elevatorId: ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator'),
    location: text(L('安装位置', 'Location', 'Posizione'), { max: 200 }),
    online: readOnly(bool(L('在线', 'Online', 'Online'))),
    lastReportTime: readOnly(datetime(L('最后上报时间', 'Last report', 'Ultimo rapporto'))),
  },
  filters: { code: 'eq', name: 'like', elevatorId: 'eq' },
  unique: ['code'],
});

/** An electricity meter gateway (index 856). */
export const meterGateway = defineEntity({
  name: 'meterGateway',
  label: L('电表网关', 'Meter gateway', 'Gateway contatori'),
  path: 'meterGateways',
  permission: PERMISSION.electricityMeters,
  fields: {
    code: required(text(L('网关编号', 'Gateway code', 'Codice gateway'), { max: 50 })),
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    elevatorId: ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator'),
    dbNo: text(L('电表号', 'Meter no.', 'Numero contatore'), { max: 50 }),
    useUnitId: ref(L('使用单位', 'Use unit', 'Unità di utilizzo'), 'useUnit'),
    online: readOnly(bool(L('在线', 'Online', 'Online'))),
    lastReportTime: readOnly(datetime(L('最后上报时间', 'Last report', 'Ultimo rapporto'))),
  },
  filters: { code: 'eq', name: 'like', elevatorId: 'eq', useUnitId: 'eq' },
  unique: ['code'],
});
