import { UPLOAD_LIMITS } from '../constants.js';
import { evaluation, oldMaintenanceOrderStatus } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { maintainerRules } from '../rules/maintenance.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, datetime, enumOf, int, readOnly, ref, refName, required, text } from '../schema/fields.js';

/**
 * An old-style maintenance order (domain.md §4: wait for confirmation, confirmed, invalid): a maintenance done and
 * written up afterwards, as on the paper record TSG T5002 asks for, without the field page's sign-in and items.
 * It is entered waiting for the use unit's confirmation, then confirmed with an evaluation or invalidated with a
 * reason (workflow/oldMaintenanceOrder.ts); nothing comes back from either. Index 322, beside the orders of /maintWork.
 */
export const oldMaintenanceOrder = defineEntity({
  name: 'oldMaintenanceOrder',
  label: L('旧版维保工单', 'Old-style maintenance order', 'Ordine di manutenzione (vecchio tipo)'),
  path: 'oldMaintenanceOrders',
  permission: PERMISSION.maintenanceOrders,
  nameField: 'orderNo',
  fields: {
    orderNo: required(text(L('工单编号', 'Order no.', 'Numero ordine'), { max: 30 })),
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator name', 'Nome ascensore'), 'elevatorId'),
    maintenanceTypeId: ref(L('维保类型', 'Maintenance type', 'Tipo di manutenzione'), 'maintenanceType'),
    maintenanceTypeName: refName(L('维保类型名称', 'Type', 'Tipo'), 'maintenanceTypeId'),
    companyId: required(ref(L('维保单位', 'Maintenance company', 'Azienda di manutenzione'), 'company')),
    companyName: refName(L('维保单位名称', 'Company name', 'Nome azienda'), 'companyId'),
    worker1Id: required(ref(L('维保人员1', 'Worker 1', 'Manutentore 1'), 'user')),
    worker1Name: refName(L('维保人员1姓名', 'Worker 1 name', 'Nome manutentore 1'), 'worker1Id'),
    worker2Id: ref(L('维保人员2', 'Worker 2', 'Manutentore 2'), 'user'),
    worker2Name: refName(L('维保人员2姓名', 'Worker 2 name', 'Nome manutentore 2'), 'worker2Id'),
    maintenanceDate: required(date(L('维保日期', 'Maintenance date', 'Data manutenzione'))),
    duration: int(L('维保时长(分钟)', 'Duration (minutes)', 'Durata (minuti)'), { min: 1, max: 1440 }),
    content: required(text(L('维保内容', 'Work done', 'Lavoro svolto'), { max: 2000 })),
    status: readOnly(enumOf(L('状态', 'Status', 'Stato'), oldMaintenanceOrderStatus)),
    evaluation: readOnly(enumOf(L('用户评价', 'User evaluation', 'Valutazione utente'), evaluation)),
    advice: readOnly(text(L('意见建议', 'Advice', 'Suggerimenti'), { max: 1000 })),
    confirmedBy: readOnly(text(L('确认人', 'Confirmed by', 'Confermato da'), { max: 50 })),
    confirmTime: readOnly(datetime(L('确认时间', 'Confirmed', 'Confermato'))),
    invalidReason: readOnly(text(L('作废原因', 'Invalid reason', 'Motivo annullamento'), { max: 500 })),
    invalidTime: readOnly(datetime(L('作废时间', 'Invalidated', 'Annullato'))),
  },
  filters: {
    orderNo: 'like',
    elevatorId: 'eq',
    companyId: 'eq',
    worker1Id: 'eq',
    status: 'eq',
    maintenanceDate: 'range',
  },
  unique: ['orderNo'],
  // the scanned paper record, photos of the work
  attachments: UPLOAD_LIMITS.maintenanceEvidence,
  refine: (input) =>
    maintainerRules(
      [input.worker1Id, input.worker2Id].filter((id) => id !== null && id !== undefined),
      'worker2Id',
    ).map((i) => (i.rule === 'rule.maintainersRequired' ? { ...i, field: 'worker1Id' } : i)),
});
