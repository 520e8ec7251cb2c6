import { PERMISSION } from '../permissions.js';
import { companyType } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, derived, enumOf, int, ref, refName, required, text } from '../schema/fields.js';
import { mobile } from '../rules/formats.js';

/** A company of any type; companies form the organisation tree that scopes every other record. */
export const company = defineEntity({
  name: 'company',
  label: L('企业', 'Company', 'Azienda'),
  path: 'companies',
  permission: PERMISSION.companies,
  fields: {
    no: required(text(L('企业编号', 'Company no.', 'Numero azienda'), { max: 50 })),
    name: required(text(L('企业名称', 'Company name', 'Nome azienda'), { max: 100 })),
    abbreviation: text(L('简称', 'Abbreviation', 'Abbreviazione'), { max: 50 }),
    type: required(enumOf(L('企业类型', 'Type', 'Tipo'), companyType)),
    parentId: ref(L('上级企业', 'Parent company', 'Azienda madre'), 'company'),
    parentName: refName(L('上级企业名称', 'Parent company name', 'Nome azienda madre'), 'parentId'),
    externalNo: text(L('外部编号', 'External no.', 'Numero esterno'), { max: 50 }),
    brand: text(L('品牌', 'Brand', 'Marca'), { max: 50 }),
    contactPerson: text(L('联系人', 'Contact person', 'Referente'), { max: 50 }),
    phone: text(L('联系电话', 'Phone', 'Telefono'), { max: 11, rule: mobile }),
    factoryNo: text(L('出厂编号', 'Factory no.', 'Numero di fabbrica'), { max: 50 }),
    dedicatedCode: text(L('专用代码', 'Dedicated code', 'Codice dedicato'), { max: 50 }),
    creditCode: text(L('统一社会信用代码', 'Unified social credit code', 'Codice di credito sociale'), { max: 18 }),
    elevatorCount: derived(int(L('电梯数量', 'Elevators', 'Ascensori'))),
    userCount: derived(int(L('用户数量', 'Users', 'Utenti'))),
  },
  filters: { no: 'eq', name: 'like', type: 'eq', parentId: 'eq' },
  unique: ['no'],
});
