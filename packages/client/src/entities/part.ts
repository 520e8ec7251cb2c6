import { PERMISSION } from '../permissions.js';
import { LENGTHS } from '../constants.js';
import { yesNo } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, enumOf, int, num, readOnly, ref, refName, required, text } from '../schema/fields.js';

/** A spare part (index 806): parts id exactly 34 characters; no and name required. */
export const part = defineEntity({
  name: 'part',
  label: L('配件', 'Part', 'Ricambio'),
  path: 'parts',
  permission: PERMISSION.parts,
  fields: {
    no: required(text(L('配件编号', 'Part no.', 'Numero ricambio'), { max: 50 })),
    name: required(text(L('配件名称', 'Part name', 'Nome ricambio'), { max: 100 })),
    partTypeId: ref(L('配件类型', 'Part type', 'Tipo ricambio'), 'partType'),
    partTypeName: refName(L('配件类型名称', 'Part type name', 'Nome tipo ricambio'), 'partTypeId'),
    elevatorCompanyId: ref(L('电梯企业', 'Elevator company', 'Azienda ascensori'), 'company'),
    elevatorCompanyName: refName(
      L('电梯企业名称', 'Elevator company name', 'Nome azienda ascensori'),
      'elevatorCompanyId',
    ),
    partsSn: required(text(L('配件ID', 'Parts id', 'Id ricambio'), { max: LENGTHS.partsId, length: LENGTHS.partsId })),
    model: text(L('型号', 'Model', 'Modello'), { max: 50 }),
    brand: text(L('品牌', 'Brand', 'Marca'), { max: 50 }),
    price: num(L('价格', 'Price', 'Prezzo'), { min: 0, max: 1e9 }),
    times: int(L('使用次数', 'Usage count', 'Utilizzi'), { min: 0 }),
    life: int(L('寿命', 'Life', 'Durata'), { min: 0 }),
    status: enumOf(L('状态', 'Status', 'Stato'), yesNo),
    elevatorId: ref(L('绑定电梯', 'Bound elevator', 'Ascensore collegato'), 'elevator'),
    creatorName: readOnly(text(L('创建人', 'Creator', 'Autore'), { max: 50 })),
    description: text(L('描述', 'Description', 'Descrizione'), { max: 500 }),
    hot: bool(L('热门', 'Hot', 'In evidenza')),
  },
  filters: { no: 'eq', name: 'like', partTypeId: 'eq', partsSn: 'eq', elevatorId: 'eq' },
  unique: ['partsSn'],
});

export const partType = defineEntity({
  name: 'partType',
  label: L('配件类型', 'Part type', 'Tipo ricambio'),
  path: 'partTypes',
  permission: PERMISSION.parts,
  fields: {
    no: required(text(L('类型编号', 'Type no.', 'Numero tipo'), { max: 50 })),
    name: required(text(L('类型名称', 'Type name', 'Nome tipo'), { max: 100 })),
    typeSerial: text(L('类型序列', 'Type serial', 'Serie tipo'), { max: 50 }),
    description: text(L('描述', 'Description', 'Descrizione'), { max: 500 }),
  },
  filters: { no: 'eq', name: 'like' },
  unique: ['no'],
});
