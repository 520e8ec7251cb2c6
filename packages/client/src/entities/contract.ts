import { UPLOAD_LIMITS } from '../constants.js';
import {
  contractExpiry,
  contractPackaging,
  contractSource,
  contractState,
  inspectionUndertaker,
  paymentMethod,
} from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { contractRules } from '../rules/records.js';
import { defineEntity } from '../schema/entity.js';
import {
  L,
  bool,
  date,
  datetime,
  derived,
  enumOf,
  ids,
  num,
  readOnly,
  ref,
  refName,
  required,
  text,
} from '../schema/fields.js';

const money = (zh: string, en: string, it: string) => num(L(zh, en, it), { min: 0, max: 1e10 });

/**
 * A maintenance contract (domain.md §3 Contract): every field, the elevators it covers and the maintenance
 * company that keeps them. Its expiry status is derived from its dates; voiding it is final (workflow/contract.ts,
 * operation voidContract). Index 820; the console's expiry notice polls `GET contract?isOverdue=2`.
 */
export const contract = defineEntity({
  name: 'contract',
  label: L('合同', 'Contract', 'Contratto'),
  // the path the console's expiry notice polls (console-shell.md §7): singular, as the original API had it
  path: 'contract',
  permission: PERMISSION.contracts,
  nameField: 'contractNo',
  fields: {
    contractNo: required(text(L('合同编号', 'Contract no.', 'Numero contratto'), { max: 50 })),
    source: enumOf(L('合同来源', 'Source', 'Origine'), contractSource),
    siteName: required(text(L('项目名称', 'Site name', 'Nome del sito'), { max: 100 })),
    useUnitId: ref(L('使用单位', 'Use unit', 'Unità di utilizzo'), 'useUnit'),
    useUnitName: refName(L('使用单位名称', 'Use unit name', 'Nome unità di utilizzo'), 'useUnitId'),
    maintenanceCompanyId: ref(L('维保单位', 'Maintenance company', 'Azienda di manutenzione'), 'company'),
    maintenanceCompanyName: refName(
      L('维保单位名称', 'Maintenance company name', 'Nome azienda di manutenzione'),
      'maintenanceCompanyId',
    ),
    elevatorIds: ids(L('覆盖电梯', 'Covered elevators', 'Ascensori coperti'), 'elevator', 200),
    startDate: required(date(L('开始日期', 'Start date', 'Data di inizio'))),
    endDate: required(date(L('结束日期', 'End date', 'Data di fine'))),
    price: money('合同金额(元)', 'Price (CNY)', 'Importo (CNY)'),
    packagingForm: enumOf(L('包干形式', 'Packaging form', 'Forma contrattuale'), contractPackaging),
    isOverdue: derived(enumOf(L('到期状态', 'Expiry status', 'Stato di scadenza'), contractExpiry)),
    paymentMethod: enumOf(L('付款方式', 'Payment method', 'Modalità di pagamento'), paymentMethod),
    monthlyUnitPrice: money('月单价(元)', 'Monthly unit price (CNY)', 'Prezzo mensile (CNY)'),
    agencyFee: money('代理费(元)', 'Agency fee (CNY)', 'Commissione di agenzia (CNY)'),
    subcontract: bool(L('是否分包', 'Subcontracted', 'Subappaltato')),
    freePartsQuota: money('免费配件额度(元)', 'Free parts quota (CNY)', 'Franchigia ricambi (CNY)'),
    inspectionUndertaker: enumOf(
      L('年检承担方', 'Inspection undertaken by', 'Ispezione a carico di'),
      inspectionUndertaker,
    ),
    speedLimiterTestFee: money('限速器校验费(元)', 'Speed-limiter test fee (CNY)', 'Prova limitatore (CNY)'),
    brakeTestFee: money('制动器试验费(元)', 'Brake test fee (CNY)', 'Prova freno (CNY)'),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
    state: readOnly(enumOf(L('合同状态', 'State', 'Stato'), contractState)),
    voidReason: readOnly(text(L('作废原因', 'Void reason', 'Motivo annullamento'), { max: 200 })),
    voidTime: readOnly(datetime(L('作废时间', 'Voided at', 'Annullato il'))),
    voidedBy: readOnly(text(L('作废人', 'Voided by', 'Annullato da'), { max: 50 })),
  },
  filters: {
    contractNo: 'like',
    siteName: 'like',
    useUnitId: 'eq',
    maintenanceCompanyId: 'eq',
    state: 'eq',
    isOverdue: 'eq',
    endDate: 'range',
  },
  unique: ['contractNo'],
  refine: (input) => contractRules({ startDate: input.startDate ?? null, endDate: input.endDate ?? null }),
  // appendix attachments (domain.md §5 Upload limits)
  attachments: UPLOAD_LIMITS.contractAttachment,
});
