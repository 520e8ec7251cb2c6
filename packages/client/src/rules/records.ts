import { PUSH_MESSAGE_MAX_LENGTH } from '../constants.js';
import type { Issue } from '../schema/entity.js';
import {
  checkNumber,
  checkRange,
  checkTime,
  isBlank,
  issue,
  positive,
  repeatedIndexes,
  requireFields,
  type NumberInput,
  type TimeInput,
} from './common.js';

/** domain.md §5 Other. */

type Id = number | string;
type Text = string | null | undefined;

export const POTENTIAL_FAULT_WEIGHT = { min: 0, max: 100 } as const;

export interface PotentialFaultInput {
  warningValue: NumberInput;
  /** Days. */
  statPeriod: NumberInput;
  details: readonly { faultCode: NumberInput; weight: NumberInput }[] | null | undefined;
}

/** Warning value > 0, stat period > 0, each fault code > 0 and not twice, each weight 0 to 100. */
export function potentialFaultRules(input: PotentialFaultInput): Issue[] {
  const issues = [...positive('warningValue', input.warningValue), ...positive('statPeriod', input.statPeriod, true)];
  const details = input.details ?? [];
  const repeats = new Set(repeatedIndexes(details, (d) => (isBlank(d.faultCode) ? undefined : Number(d.faultCode))));
  details.forEach((d, i) => {
    const code = positive(`details.${i}.faultCode`, d.faultCode, true);
    if (code.length === 0 && repeats.has(i)) code.push(issue(`details.${i}.faultCode`, 'rule.faultCodeDuplicate'));
    issues.push(
      ...code,
      ...checkNumber(`details.${i}.weight`, d.weight, {
        required: true,
        ...POTENTIAL_FAULT_WEIGHT,
        rangeRule: 'rule.weight',
      }),
    );
  });
  return issues;
}

/** An OTA application: the applied count is required, above 0 and not over the program's remaining count. */
export function otaApplyRules(input: { applyNumber: NumberInput; remainingNumber: number }): Issue[] {
  const issues = positive('applyNumber', input.applyNumber, true);
  if (issues.length === 0 && Number(input.applyNumber) > input.remainingNumber)
    issues.push(issue('applyNumber', 'rule.otaOverRemaining', { remaining: input.remainingNumber }));
  return issues;
}

/** The EOCD threshold values (per speed, company and tenant); each must be above 0. */
export const EOCD_THRESHOLD_FIELDS = [
  'speed',
  'isoHorizontalPeakToPeak',
  'isoVerticalPeakToPeak',
  'isoHorizontalA95',
  'isoVerticalA95',
  'lowPassHorizontal',
  'lowPassVertical',
  'lowPassHz',
] as const;
export type EocdThresholdInput = Record<(typeof EOCD_THRESHOLD_FIELDS)[number], NumberInput>;

export function eocdThresholdRules(input: EocdThresholdInput): Issue[] {
  return EOCD_THRESHOLD_FIELDS.flatMap((f) => positive(f, input[f]));
}

/**
 * The same speed in the same company already has a threshold: the issue (rule.eocdSpeedExists) asks the user
 * to confirm replacing it.
 */
export function eocdSpeedConflictRules(
  input: { id?: Id | null; companyId: Id; speed: NumberInput },
  existing: readonly { id: Id; companyId: Id; speed: number }[],
): Issue[] {
  if (isBlank(input.speed)) return [];
  const clash = existing.some(
    (e) =>
      String(e.companyId) === String(input.companyId) &&
      e.speed === Number(input.speed) &&
      String(e.id) !== String(input.id ?? ''),
  );
  return clash ? [issue('speed', 'rule.eocdSpeedExists', { speed: Number(input.speed) })] : [];
}

/** A contract ends after it starts. */
export function contractRules(input: { startDate: TimeInput; endDate: TimeInput }): Issue[] {
  return checkRange('startDate', input.startDate, 'endDate', input.endDate, {
    required: true,
    orderRule: 'rule.contractDates',
  }).issues;
}

/** Contract numbers as typed: separated by commas (ASCII or full-width), blanks around them ignored. */
export const parseContractNos = (text: string): string[] => text.split(/[,，]/).map((s) => s.trim());

/** Debug personnel: user, debug level, password expiry and contract numbers (comma separated, none empty). */
export function debugPersonnelRules(input: {
  userId: Id | null | undefined;
  level: NumberInput;
  passwordExpiry: TimeInput;
  contractNos: string | readonly string[] | null | undefined;
}): Issue[] {
  const issues = [
    ...requireFields(input, ['userId', 'level']),
    ...checkTime('passwordExpiry', input.passwordExpiry, true),
  ];
  const nos = input.contractNos;
  if (nos === null || nos === undefined || isBlank(nos)) issues.push(issue('contractNos', 'validation.required'));
  else if ((typeof nos === 'string' ? parseContractNos(nos) : nos.map((s) => s.trim())).some((s) => s === ''))
    issues.push(issue('contractNos', 'rule.contractNos'));
  return issues;
}

/** Day, week and month supervision: the handling result must be entered. */
export function supervisionHandleRules(input: { handleResult: Text }): Issue[] {
  return isBlank(input.handleResult) ? [issue('handleResult', 'rule.handleResultRequired')] : [];
}

/** An emergency repair person already on the work order cannot be added again. */
export function repairPersonRules(
  personId: Id | null | undefined,
  current: readonly Id[],
  field = 'repairPeople',
): Issue[] {
  if (isBlank(personId)) return [issue(field, 'validation.required')];
  return current.some((id) => String(id) === String(personId)) ? [issue(field, 'rule.repairPersonDuplicate')] : [];
}

/** A push message: not empty, at most 500 characters. */
export function pushMessageRules(content: Text, field = 'content'): Issue[] {
  if (isBlank(content)) return [issue(field, 'validation.required')];
  return [...String(content)].length > PUSH_MESSAGE_MAX_LENGTH
    ? [issue(field, 'validation.maxLength', { limit: PUSH_MESSAGE_MAX_LENGTH })]
    : [];
}
