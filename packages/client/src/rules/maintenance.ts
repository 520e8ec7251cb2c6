import type { Issue } from '../schema/entity.js';
import {
  DAY_MS,
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

/** domain.md §5 Maintenance and §9; the cycle is 1 to 90 days (docs/decisions.md). */
export const MAINTENANCE_LIMITS = {
  autoSendDay: { min: 0, max: 7 },
  cycleDays: { min: 1, max: 90 },
} as const;

type Id = number | string;

/** At least one maintainer, and none twice (maintenance order, plan, elevator). */
export function maintainerRules(maintainerIds: readonly Id[] | null | undefined, field = 'maintainerIds'): Issue[] {
  const ids = (maintainerIds ?? []).filter((id) => !isBlank(id));
  if (ids.length === 0) return [issue(field, 'rule.maintainersRequired')];
  if (repeatedIndexes(ids).length > 0) return [issue(field, 'rule.maintainerDuplicate')];
  return [];
}

export function maintenanceCompanyRules(maintenanceCompanyId: Id | null | undefined, field = 'maintenanceCompanyId') {
  return isBlank(maintenanceCompanyId) ? [issue(field, 'rule.maintenanceCompanyRequired')] : [];
}

/** The elevator's maintenance period, in days: a whole number above 0. */
export function maintenancePeriodRules(maintenancePeriod: NumberInput, field = 'maintenancePeriod'): Issue[] {
  return positive(field, maintenancePeriod, true);
}

export interface MaintenanceSettingsInput {
  /** 0 means no automatic sending. */
  autoSendDay: NumberInput;
  /** Days. */
  cycle: NumberInput;
  distance: NumberInput;
  planStart: TimeInput;
  planEnd: TimeInput;
  items?: readonly { score?: NumberInput }[] | null;
}

export function maintenanceSettingsRules(input: MaintenanceSettingsInput): Issue[] {
  const { autoSendDay, cycleDays } = MAINTENANCE_LIMITS;
  const issues: Issue[] = [
    ...checkNumber('autoSendDay', input.autoSendDay, {
      required: true,
      integer: true,
      ...autoSendDay,
      rangeRule: 'rule.autoSendDay',
    }),
    ...checkNumber('cycle', input.cycle, {
      required: true,
      integer: true,
      ...cycleDays,
      rangeRule: 'rule.maintenanceCycle',
    }),
    ...positive('distance', input.distance),
  ];
  const cycleOk = !issues.some((i) => i.field === 'cycle');
  const { issues: rangeIssues, range } = checkRange('planStart', input.planStart, 'planEnd', input.planEnd, {
    required: true,
  });
  issues.push(...rangeIssues);
  const cycle = Number(input.cycle);
  if (range && cycleOk && range.end - range.start > cycle * DAY_MS)
    issues.push(issue('planEnd', 'rule.planIntervalOverCycle', { cycle }));
  (input.items ?? []).forEach((item, i) => {
    const field = `items.${i}.score`;
    if (isBlank(item.score)) issues.push(issue(field, 'rule.itemScoreRequired'));
    else issues.push(...checkNumber(field, item.score, { min: 0 }));
  });
  return issues;
}

/** A maintenance work order: elevator, type and plan date. */
export function maintenanceOrderRules(input: {
  elevatorId: Id | null | undefined;
  type: NumberInput;
  planDate: TimeInput;
}) {
  return [...requireFields(input, ['elevatorId', 'type']), ...checkTime('planDate', input.planDate, true)];
}

/** Invalidating a maintenance work order needs a reason. */
export function invalidateMaintenanceOrderRules(input: { invalidReason: string | null | undefined }): Issue[] {
  return requireFields(input, ['invalidReason']);
}

export interface MaintenancePlanRow {
  elevatorId: Id | null | undefined;
  start: TimeInput;
  end: TimeInput;
  /** Days; optional per row (the settings' cycle applies when absent). */
  cycle?: NumberInput;
}

/** A plan holds at least one elevator, none twice, each with plan dates in order. */
export function maintenancePlanRules(
  plans: readonly MaintenancePlanRow[] | null | undefined,
  field = 'plans',
): Issue[] {
  const rows = plans ?? [];
  if (rows.length === 0) return [issue(field, 'rule.planEmpty')];
  const issues: Issue[] = [];
  const repeats = new Set(repeatedIndexes(rows, (r) => r.elevatorId));
  rows.forEach((row, i) => {
    const at = `${field}.${i}`;
    if (isBlank(row.elevatorId)) issues.push(issue(`${at}.elevatorId`, 'validation.required'));
    else if (repeats.has(i)) issues.push(issue(`${at}.elevatorId`, 'rule.planElevatorDuplicate'));
    issues.push(...checkRange(`${at}.start`, row.start, `${at}.end`, row.end, { required: true }).issues);
    issues.push(
      ...checkNumber(`${at}.cycle`, row.cycle, {
        integer: true,
        ...MAINTENANCE_LIMITS.cycleDays,
        rangeRule: 'rule.maintenanceCycle',
      }),
    );
  });
  return issues;
}

export interface MaintenanceTypeInput {
  name: string | null | undefined;
  elevatorType: NumberInput;
  classification: NumberInput;
  items:
    | readonly {
        name?: string | null;
        content?: string | null;
        requirement?: string | null;
        area?: NumberInput;
      }[]
    | null
    | undefined;
}

/** Name, elevator type, classification, and every item's name, content, requirement and area. */
export function maintenanceTypeRules(input: MaintenanceTypeInput): Issue[] {
  const issues = requireFields(input, ['name', 'elevatorType', 'classification', 'items']);
  (input.items ?? []).forEach((item, i) => {
    for (const f of ['name', 'content', 'requirement', 'area'] as const)
      if (isBlank(item[f])) issues.push(issue(`items.${i}.${f}`, 'validation.required'));
  });
  return issues;
}
