import Type from 'typebox';
import { supervisionCycle, supervisionItemResult, supervisionState } from '../enums.js';
import type { Localized } from '../i18n/languages.js';
import { PERMISSION } from '../permissions.js';
import { isBlank, issue } from '../rules/common.js';
import type { Issue } from '../schema/entity.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, date, enumOf, readOnly, ref, refName, required, text } from '../schema/fields.js';
import { jsonList } from './maintenanceType.js';

/** One check item of a supervision template: its kind, what to check and what to mind (SAMR Order 74). */
export interface SupervisionTemplateItem {
  projectType: string;
  projectName: string;
  precaution: string;
}

/** A template's item as a record holds it: how it was found and a note. */
export interface SupervisionRecordItem extends SupervisionTemplateItem {
  /** supervisionItemResult: not checked, normal, abnormal. */
  result: number;
  note: string;
}

export const SUPERVISION_CYCLE = { daily: 1, weekly: 2, monthly: 3 } as const;
export const SUPERVISION_ITEM_RESULT = { unchecked: 0, normal: 1, abnormal: 2 } as const;
export const SUPERVISION_STATE = { toHandle: 0, handled: 1 } as const;

export const SUPERVISION_ITEM_LABELS = {
  projectType: L('项目类型', 'Project type', 'Tipo di voce'),
  projectName: L('项目名称', 'Project name', 'Nome voce'),
  precaution: L('注意事项', 'Precaution', 'Precauzione'),
  result: L('检查结果', 'Result', 'Esito'),
  note: L('说明', 'Note', 'Nota'),
} as const;

const labelled = (schema: object, label: Localized) => ({ ...schema, 'x-label': label, description: label['en-US'] });

const templateItemProps = {
  projectType: labelled(Type.String({ maxLength: 50 }), SUPERVISION_ITEM_LABELS.projectType),
  projectName: labelled(Type.String({ maxLength: 200 }), SUPERVISION_ITEM_LABELS.projectName),
  precaution: labelled(Type.String({ maxLength: 500 }), SUPERVISION_ITEM_LABELS.precaution),
};
const templateItemSchema = Type.Object(templateItemProps, { additionalProperties: false });
const recordItemSchema = Type.Object(
  {
    ...templateItemProps,
    result: labelled(
      { type: 'integer', enum: supervisionItemResult.options.map((o) => o.code) },
      SUPERVISION_ITEM_LABELS.result,
    ),
    note: labelled(Type.String({ maxLength: 500 }), SUPERVISION_ITEM_LABELS.note),
  },
  { additionalProperties: false },
);

/** A template needs at least one item, each named. */
export function supervisionTemplateRules(input: { items?: SupervisionTemplateItem[] | null }): Issue[] {
  if (!input.items) return [];
  if (input.items.length === 0 || input.items.some((i) => isBlank(i.projectName)))
    return [issue('items', 'rule.supervisionItems')];
  return [];
}

/**
 * A record's rules (domain.md §5: the handle result must be entered): an abnormal item needs its note. The
 * handle result itself is required by the definition, and checked again on the whole record at every save
 * (server/src/tables/supervision.ts), since generated records start without one.
 */
export function supervisionRecordRules(input: {
  items?: SupervisionRecordItem[] | null;
  handleResult?: string | null;
}): Issue[] {
  const issues: Issue[] = [];
  // a handle result of spaces is no handle result; one left out of a change keeps the stored one (checked there)
  if (input.handleResult !== undefined && isBlank(input.handleResult))
    issues.push(issue('handleResult', 'rule.handleResultRequired'));
  if (input.items?.some((i) => i.result === SUPERVISION_ITEM_RESULT.abnormal && isBlank(i.note)))
    issues.push(issue('items', 'rule.supervisionAbnormalNote'));
  return issues;
}

/**
 * A supervision template (/dayWeekMonthManger, index 823, China only): the check items of one cycle for one use
 * unit (the enterprise with the safety duties of SAMR Order 74); the default one of each use unit and cycle is
 * what the job copies into generated records (docs/decisions.md "Supervision").
 */
export const supervisionTemplate = defineEntity({
  name: 'supervisionTemplate',
  label: L('管控模板', 'Supervision template', 'Modello di supervisione'),
  path: 'supervisionTemplates',
  permission: PERMISSION.dayWeekMonthSupervision,
  nameField: 'templateName',
  fields: {
    templateNo: required(text(L('模板编号', 'Template no.', 'Numero modello'), { max: 50 })),
    templateName: required(text(L('模板名称', 'Template name', 'Nome modello'), { max: 100 })),
    enterpriseId: required(ref(L('企业', 'Enterprise', 'Impresa'), 'useUnit')),
    enterpriseName: refName(L('企业名称', 'Enterprise name', 'Nome impresa'), 'enterpriseId'),
    cycle: required(enumOf(L('周期', 'Cycle', 'Ciclo'), supervisionCycle)),
    isDefault: bool(L('默认模板', 'Default', 'Predefinito')),
    items: required(jsonList<SupervisionTemplateItem>(L('检查项', 'Check items', 'Voci'), templateItemSchema, 100)),
  },
  filters: { templateNo: 'like', templateName: 'like', enterpriseId: 'eq', cycle: 'eq' },
  unique: ['templateNo'],
  refine: (input) => supervisionTemplateRules(input),
});

/**
 * A daily control, weekly check or monthly dispatch of one lift (SAMR Order 74): the template's items as found,
 * the cycle's result, how it was handled (required), the safety officer's and director's opinions and the
 * summary. The job makes one per lift, cycle and period for lifts whose report flags are set.
 */
export const supervisionRecord = defineEntity({
  name: 'supervisionRecord',
  label: L('管控记录', 'Supervision record', 'Registro di supervisione'),
  path: 'supervisionRecords',
  permission: PERMISSION.dayWeekMonthSupervision,
  nameField: 'elevatorNo',
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator name', 'Nome ascensore'), 'elevatorId'),
    elevatorNo: readOnly(text(L('电梯编号', 'Elevator no.', 'Numero ascensore'), { max: 50 })),
    useUnit: readOnly(text(L('使用单位', 'Use unit', 'Unità di utilizzo'), { max: 100 })),
    cycle: required(enumOf(L('周期', 'Cycle', 'Ciclo'), supervisionCycle)),
    controlDate: required(date(L('管控日期', 'Control date', 'Data controllo'))),
    templateId: ref(L('模板', 'Template', 'Modello'), 'supervisionTemplate'),
    items: jsonList<SupervisionRecordItem>(L('检查项', 'Check items', 'Voci'), recordItemSchema, 100),
    controlResult: text(L('日管控结果', 'Control result', 'Esito controllo'), { max: 500 }),
    checkResult: text(L('周排查结果', 'Check result', 'Esito verifica'), { max: 500 }),
    dispatchResult: text(L('月调度结果', 'Dispatch result', 'Esito riunione'), { max: 500 }),
    handleResult: required(text(L('处理结果', 'Handle result', 'Esito gestione'), { max: 500 })),
    abnormal: bool(L('是否异常', 'Abnormal', 'Anomalo')),
    officerOpinion: text(L('安全员意见', "Safety officer's opinion", 'Parere del responsabile'), { max: 500 }),
    directorOpinion: text(L('安全总监意见', "Safety director's opinion", 'Parere del direttore'), { max: 500 }),
    summary: text(L('周/月总结', 'Summary', 'Riepilogo'), { max: 2000 }),
    state: readOnly(enumOf(L('状态', 'State', 'Stato'), supervisionState)),
    creator: readOnly(text(L('创建人', 'Creator', 'Autore'), { max: 50 })),
  },
  filters: { elevatorId: 'eq', cycle: 'eq', abnormal: 'eq', state: 'eq', controlDate: 'range' },
  refine: (input) => supervisionRecordRules(input),
});
