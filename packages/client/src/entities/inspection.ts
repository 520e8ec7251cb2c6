import { UPLOAD_LIMITS } from '../constants.js';
import { inspectionResult } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { checkRange } from '../rules/common.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, enumOf, readOnly, ref, refName, required, text } from '../schema/fields.js';
import { INSPECTION_RESULT } from '../workflow/inspection.js';

/**
 * An elevator's annual inspection (domain.md §3 Annual inspection; /yearCheck, index 132): number, date, result,
 * estimated rectification date, note and its file (an attachment). The next inspection date follows from a
 * pass; a no-pass raises a repair work order (repair method 4), linked both ways. The console's notice polls
 * `GET yearChecks?startTime&endTime` (docs/decisions.md "Annual inspections").
 */
export const inspection = defineEntity({
  name: 'inspection',
  label: L('年检', 'Annual inspection', 'Ispezione annuale'),
  path: 'yearChecks',
  permission: PERMISSION.annualInspections,
  nameField: 'checkNo',
  fields: {
    checkNo: required(text(L('年检编号', 'Inspection no.', 'Numero ispezione'), { max: 50 })),
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator name', 'Nome ascensore'), 'elevatorId'),
    checkDate: required(date(L('年检日期', 'Inspection date', 'Data ispezione'))),
    result: required(enumOf(L('年检结果', 'Result', 'Esito'), inspectionResult)),
    rectificationDate: date(L('预计整改日期', 'Estimated rectification date', 'Data prevista di adeguamento')),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
    nextCheckDate: readOnly(date(L('下次年检日期', 'Next inspection date', 'Prossima ispezione'))),
    workOrderId: readOnly(ref(L('整改工单', 'Repair work order', 'Ordine di riparazione'), 'workOrder')),
  },
  filters: { checkNo: 'like', elevatorId: 'eq', result: 'eq', checkDate: 'range' },
  unique: ['checkNo'],
  refine: (input) =>
    input.result === INSPECTION_RESULT.noPass && input.rectificationDate
      ? checkRange('checkDate', input.checkDate ?? null, 'rectificationDate', input.rectificationDate, {
          allowEqual: true,
        }).issues
      : [],
  // the inspection report (pdf) or its photos and sheets
  attachments: UPLOAD_LIMITS.elevatorAttachment,
});
