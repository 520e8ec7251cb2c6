import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, derived, int, num, ref, refName, required, text } from '../schema/fields.js';
import { mobile } from '../rules/formats.js';

/** The unit that uses an elevator (a building, a mall); belongs to the organisation that created it. */
export const useUnit = defineEntity({
  name: 'useUnit',
  label: L('使用单位', 'Use unit', 'Unità di utilizzo'),
  path: 'useUnits',
  permission: PERMISSION.useUnits,
  fields: {
    no: text(L('编号', 'No.', 'Numero'), { max: 50 }),
    creditCode: text(L('信用代码', 'Credit code', 'Codice di credito'), { max: 18 }),
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    type: text(L('类型', 'Type', 'Tipo'), { max: 50 }),
    propertyCompanyId: ref(L('物业公司', 'Property company', 'Società immobiliare'), 'company'),
    propertyCompanyName: refName(
      L('物业公司名称', 'Property company name', 'Nome società immobiliare'),
      'propertyCompanyId',
    ),
    region: required(text(L('区域', 'District/region', 'Distretto/regione'), { max: 100 })),
    address: text(L('地址', 'Address', 'Indirizzo'), { max: 200 }),
    longitude: required(num(L('经度', 'Longitude', 'Longitudine'), { min: -180, max: 180, decimals: 6 })),
    latitude: required(num(L('纬度', 'Latitude', 'Latitudine'), { min: -90, max: 90, decimals: 6 })),
    contact: text(L('联系人', 'Contact', 'Referente'), { max: 50 }),
    contactPhone: text(L('联系电话', 'Contact phone', 'Telefono referente'), { max: 11, rule: mobile }),
    owner: required(text(L('负责人', 'Owner', 'Responsabile'), { max: 50 })),
    elevatorCount: derived(int(L('电梯数量', 'Elevators', 'Ascensori'))),
  },
  filters: { no: 'eq', name: 'like', region: 'like', propertyCompanyId: 'eq' },
});
