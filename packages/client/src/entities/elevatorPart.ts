import { PERMISSION } from '../permissions.js';
import { partCertification } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, datetime, enumOf, int, ref, required, text } from '../schema/fields.js';

/** A part fitted in one elevator, with its replacement record. */
export const elevatorPart = defineEntity({
  name: 'elevatorPart',
  label: L('电梯部件', 'Elevator part', 'Componente ascensore'),
  path: 'elevatorParts',
  permission: PERMISSION.elevators,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    category: required(text(L('类别', 'Category', 'Categoria'), { max: 50 })),
    number: text(L('编号', 'Number', 'Numero'), { max: 50 }),
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    serialNumber: text(L('序列号', 'Serial number', 'Numero di serie'), { max: 100 }),
    floor: int(L('楼层', 'Floor', 'Piano'), { min: -10, max: 64 }),
    status: enumOf(L('状态', 'Status', 'Stato'), partCertification),
    activateTime: datetime(L('启用时间', 'Activated', 'Attivato')),
    operator: text(L('操作人', 'Operator', 'Operatore'), { max: 50 }),
    replacementRecord: text(L('更换记录', 'Replacement record', 'Registro sostituzioni'), { max: 2000 }),
  },
  filters: { elevatorId: 'eq', category: 'eq', name: 'like', status: 'eq' },
});
