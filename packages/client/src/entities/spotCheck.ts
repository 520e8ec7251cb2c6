import { PERMISSION } from '../permissions.js';
import { rectificationStatus } from '../enums.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, enumOf, int, ref, refName, required, text } from '../schema/fields.js';

/** A spot check of a completed maintenance order (tab "spot checks" of /maintenanceSetting, index 328). */
export const spotCheck = defineEntity({
  name: 'spotCheck',
  label: L('维保抽查', 'Spot check', 'Controllo a campione'),
  path: 'spotChecks',
  permission: PERMISSION.maintenanceCompanySettings,
  nameField: 'checkNo',
  fields: {
    checkNo: required(text(L('抽查编号', 'Number', 'Numero'), { max: 30 })),
    orderId: required(ref(L('维保工单', 'Maintenance order', 'Ordine di manutenzione'), 'maintenanceOrder')),
    orderNo: refName(L('工单编号', 'Order no.', 'Numero ordine'), 'orderId'),
    inspector: required(text(L('抽查人', 'Inspector', 'Ispettore'), { max: 50 })),
    checkDate: required(date(L('抽查日期', 'Date', 'Data'))),
    results: text(L('抽查结果', 'Results', 'Risultati'), { max: 1000 }),
    score: required(int(L('评分', 'Score', 'Punteggio'), { min: 0, max: 100 })),
    rectificationStatus: required(
      enumOf(L('整改状态', 'Rectification status', 'Stato della correzione'), rectificationStatus),
    ),
  },
  filters: { checkNo: 'eq', orderId: 'eq', rectificationStatus: 'eq', checkDate: 'range' },
  unique: ['checkNo'],
});
