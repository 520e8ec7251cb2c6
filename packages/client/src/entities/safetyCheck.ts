import { UPLOAD_LIMITS } from '../constants.js';
import { hazardLevel, maintenanceItemCondition, rectificationState } from '../enums.js';
import type { Issue } from '../schema/entity.js';
import { PERMISSION } from '../permissions.js';
import { checkRange, issue } from '../rules/common.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, enumOf, ref, refName, required, text } from '../schema/fields.js';

const UNQUALIFIED = 4;
const item = (zh: string, en: string, it: string) => enumOf(L(zh, en, it), maintenanceItemCondition);

/** The checklist's items, by area of the lift (each: not processed, no such item, qualified, …, unqualified). */
export const SAFETY_CHECK_ITEMS = [
  'machineRoom',
  'car',
  'landingDoors',
  'shaftPit',
  'safetyDevices',
  'emergencyAlarm',
  'signage',
] as const;

type SafetyInput = Partial<Record<(typeof SAFETY_CHECK_ITEMS)[number], number | null>> & {
  findings?: string | null;
  rectificationDeadline?: string | null;
  rectifiedDate?: string | null;
  checkDate?: string | null;
};

/** An unqualified item needs findings and a deadline; a rectification is not dated before the check. */
export function safetyCheckRules(input: SafetyInput): Issue[] {
  const issues: Issue[] = [];
  if (SAFETY_CHECK_ITEMS.some((key) => input[key] === UNQUALIFIED)) {
    if (!input.findings?.trim()) issues.push(issue('findings', 'rule.safetyFindings'));
    if (!input.rectificationDeadline) issues.push(issue('rectificationDeadline', 'rule.safetyFindings'));
  }
  if (input.rectifiedDate && input.checkDate)
    issues.push(
      ...checkRange('checkDate', input.checkDate, 'rectifiedDate', input.rectifiedDate, { allowEqual: true }).issues,
    );
  return issues;
}

/**
 * A safety check (/safeCheck, index 827, China only): a dated checklist of one lift by area, its findings, how
 * serious they are and their rectification (docs/decisions.md "Safety checks"); photos as attachments.
 */
export const safetyCheck = defineEntity({
  name: 'safetyCheck',
  label: L('安全检查', 'Safety check', 'Controllo di sicurezza'),
  path: 'safeChecks',
  permission: PERMISSION.safetyChecks,
  nameField: 'checkNo',
  fields: {
    checkNo: required(text(L('检查编号', 'Check no.', 'Numero controllo'), { max: 50 })),
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator name', 'Nome ascensore'), 'elevatorId'),
    checkDate: required(date(L('检查日期', 'Check date', 'Data controllo'))),
    inspector: required(text(L('检查人', 'Inspector', 'Ispettore'), { max: 50 })),
    machineRoom: item('机房', 'Machine room', 'Locale macchine'),
    car: item('轿厢', 'Car', 'Cabina'),
    landingDoors: item('层门', 'Landing doors', 'Porte di piano'),
    shaftPit: item('井道及底坑', 'Shaft and pit', 'Vano e fossa'),
    safetyDevices: item('安全装置', 'Safety devices', 'Dispositivi di sicurezza'),
    emergencyAlarm: item('紧急报警装置', 'Emergency alarm', 'Allarme di emergenza'),
    signage: item('安全标识及使用须知', 'Signs and notices', 'Segnaletica e avvisi'),
    findings: text(L('检查发现', 'Findings', 'Rilievi'), { max: 1000 }),
    hazardLevel: enumOf(L('隐患等级', 'Hazard level', 'Livello di pericolo'), hazardLevel),
    rectificationRequirement: text(L('整改要求', 'Rectification required', 'Adeguamento richiesto'), { max: 500 }),
    rectificationDeadline: date(L('整改期限', 'Rectification deadline', 'Scadenza adeguamento')),
    rectificationState: enumOf(L('整改状态', 'Rectification state', 'Stato adeguamento'), rectificationState),
    rectifiedDate: date(L('整改完成日期', 'Rectified on', 'Adeguato il')),
  },
  filters: { checkNo: 'like', elevatorId: 'eq', hazardLevel: 'eq', rectificationState: 'eq', checkDate: 'range' },
  unique: ['checkNo'],
  refine: (input) => safetyCheckRules(input),
  attachments: UPLOAD_LIMITS.elevatorAttachment,
});
