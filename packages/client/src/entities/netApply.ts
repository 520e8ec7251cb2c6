import { PERMISSION } from '../permissions.js';
import { elevatorType, netApplySource, netApplyStatus } from '../enums.js';
import { dtu } from '../rules/formats.js';
import { elevatorIdentityRules } from '../rules/devices.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, date, enumOf, readOnly, ref, required, text } from '../schema/fields.js';

/** An application to connect an elevator to the network (index 814): reviewed, then generated as an elevator. */
export const netApply = defineEntity({
  name: 'netApply',
  label: L('电梯入网申请', 'Network application', 'Richiesta di connessione'),
  path: 'netApplies',
  permission: PERMISSION.netApplies,
  fields: {
    elevatorName: required(text(L('电梯名称', 'Elevator name', 'Nome ascensore'), { max: 100 })),
    registerCode: text(L('注册代码', 'Register code', 'Codice di registrazione'), { max: 50 }),
    factoryNo: text(L('出厂编号', 'Factory no.', 'Numero di fabbrica'), { max: 50 }),
    elevatorType: required(enumOf(L('电梯类型', 'Elevator type', 'Tipo di ascensore'), elevatorType)),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11, rule: dtu })),
    useUnitName: required(text(L('使用单位', 'Use unit', 'Unità di utilizzo'), { max: 100 })),
    address: text(L('安装地址', 'Address', 'Indirizzo'), { max: 200 }),
    maintenanceCompanyName: text(L('维保单位', 'Maintenance company', 'Azienda di manutenzione'), { max: 100 }),
    accessDate: date(L('入网日期', 'Access date', 'Data di connessione')),
    createSource: readOnly(enumOf(L('创建来源', 'Create source', 'Origine'), netApplySource)),
    status: readOnly(enumOf(L('审核状态', 'Review status', 'Stato revisione'), netApplyStatus)),
    generated: readOnly(bool(L('已生成', 'Generated', 'Generato'))),
    elevatorId: readOnly(ref(L('生成的电梯', 'Generated elevator', 'Ascensore generato'), 'elevator')),
  },
  filters: {
    elevatorName: 'like',
    dtuCode: 'eq',
    registerCode: 'eq',
    status: 'eq',
    createSource: 'eq',
    generated: 'eq',
  },
  unique: ['dtuCode'],
  refine: (input) => elevatorIdentityRules(input),
});
