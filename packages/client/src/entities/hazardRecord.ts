import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, readOnly, ref, refName, required, text } from '../schema/fields.js';

/**
 * A potential safety hazard (index 821, domain.md §3 "Other event records": time, code, description). A
 * gateway reports one as an event of kind hazard, or a fault carrying a hazard code reveals one: then the
 * record names that fault. Kept by the ingest, read-only to users.
 */
export const hazardRecord = defineEntity({
  name: 'hazardRecord',
  label: L('安全隐患', 'Safety hazard', 'Rischio per la sicurezza'),
  path: 'hazardRecords',
  permission: PERMISSION.hazardRecords,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator', 'Ascensore'), 'elevatorId'),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    hazardTime: required(datetime(L('隐患时间', 'Hazard time', 'Ora rischio'))),
    code: required(text(L('隐患代码', 'Hazard code', 'Codice rischio'), { max: 16 })),
    description: text(L('隐患描述', 'Description', 'Descrizione'), { max: 500 }),
    faultRecordId: readOnly(ref(L('故障记录', 'Fault record', 'Registro guasto'), 'faultRecord')),
    faultNo: readOnly(text(L('故障代码', 'Fault code', 'Codice guasto'), { max: 16 })),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', code: 'eq', hazardTime: 'range' },
  spans: { hazardTime: 'oneMonth' },
});
