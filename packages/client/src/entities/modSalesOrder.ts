import { modOrderStatus } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { mobile } from '../rules/formats.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, enumOf, ids, num, readOnly, ref, refName, required, text } from '../schema/fields.js';

/**
 * A modernisation sales order (/modSalesOrder, index 838, China only): the customer, the lifts to modernise, the
 * scheme offered (title, items, price, validity) and where the sale stands. Its scheme opens without a login at
 * `/scheme/{salesOrderNo}?k={schemeKey}` (docs/decisions.md "Modernisation sales orders").
 */
export const modSalesOrder = defineEntity({
  name: 'modSalesOrder',
  label: L('改造销售单', 'Modernisation sales order', 'Ordine di ammodernamento'),
  path: 'modSalesOrders',
  permission: PERMISSION.modificationOrders,
  nameField: 'salesOrderNo',
  fields: {
    salesOrderNo: required(text(L('销售单号', 'Sales order no.', 'Numero ordine'), { max: 30 })),
    customerName: required(text(L('客户名称', 'Customer', 'Cliente'), { max: 100 })),
    contactPerson: text(L('联系人', 'Contact person', 'Referente'), { max: 50 }),
    contactPhone: text(L('联系电话', 'Contact phone', 'Telefono'), { max: 11, rule: mobile }),
    useUnitId: ref(L('使用单位', 'Use unit', 'Unità di utilizzo'), 'useUnit'),
    useUnitName: refName(L('使用单位名称', 'Use unit name', 'Nome unità di utilizzo'), 'useUnitId'),
    elevatorIds: ids(L('改造电梯', 'Elevators', 'Ascensori'), 'elevator', 200),
    schemeTitle: required(text(L('方案名称', 'Scheme', 'Proposta'), { max: 100 })),
    schemeItems: text(L('方案内容', 'Scheme items (one a line)', 'Voci della proposta (una per riga)'), {
      max: 4000,
    }),
    totalPrice: num(L('报价(元)', 'Price (CNY)', 'Prezzo (CNY)'), { min: 0, max: 1e10 }),
    validUntil: date(L('报价有效期', 'Quote valid until', 'Offerta valida fino al')),
    salesman: text(L('业务员', 'Salesman', 'Commerciale'), { max: 50 }),
    status: required(enumOf(L('状态', 'Status', 'Stato'), modOrderStatus)),
    schemeKey: readOnly(text(L('方案链接密钥', 'Scheme link key', 'Chiave del link'), { max: 64 })),
  },
  filters: { salesOrderNo: 'like', customerName: 'like', useUnitId: 'eq', status: 'eq' },
  unique: ['salesOrderNo'],
});
