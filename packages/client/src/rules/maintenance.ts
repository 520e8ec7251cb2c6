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
  /** Days: the longest a maintenance plan may leave between two orders. */
  cycle: NumberInput;
  /** Metres: how far from the elevator a worker may sign in. */
  distance: NumberInput;
}

/** A company's maintenance settings: auto-send day 0 to 7, cycle 1 to 90 days, sign-in distance above 0. */
export function maintenanceSettingsRules(input: MaintenanceSettingsInput): Issue[] {
  const { autoSendDay, cycleDays } = MAINTENANCE_LIMITS;
  return [
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
}

/**
 * A plan's interval between two orders (its cycle) within the maintenance cycle of the company's settings
 * (docs/decisions.md, "Maintenance"): checked by the server, which reads the settings.
 */
export function planIntervalRules(cycle: NumberInput, settingsCycle: number | null, field = 'cycle'): Issue[] {
  if (settingsCycle === null || isBlank(cycle)) return [];
  return Number(cycle) > settingsCycle ? [issue(field, 'rule.planIntervalOverCycle', { cycle: settingsCycle })] : [];
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

export interface MaintenancePlanInput {
  elevatorIds: readonly Id[] | null | undefined;
  startDate: TimeInput;
  endDate: TimeInput;
  /** Days between two orders. */
  cycle: NumberInput;
}

/** A plan holds at least one elevator and none twice; it starts before it ends; its cycle is 1 to 90 days. */
export function maintenancePlanRules(input: MaintenancePlanInput, field = 'elevatorIds'): Issue[] {
  const ids = (input.elevatorIds ?? []).filter((id) => !isBlank(id));
  const issues: Issue[] = [];
  if (ids.length === 0) issues.push(issue(field, 'rule.planEmpty'));
  else if (repeatedIndexes(ids, (id) => String(id).trim()).length > 0)
    issues.push(issue(field, 'rule.planElevatorDuplicate'));
  issues.push(...checkRange('startDate', input.startDate, 'endDate', input.endDate, { required: true }).issues);
  issues.push(
    ...checkNumber('cycle', input.cycle, {
      required: true,
      integer: true,
      ...MAINTENANCE_LIMITS.cycleDays,
      rangeRule: 'rule.maintenanceCycle',
    }),
  );
  return issues;
}

/**
 * An elevator's maintainers: none twice, and maintainers need their maintenance company. With `inPlan` (the
 * elevator is in an active maintenance plan, which the server knows) also a company and at least one maintainer
 * (docs/decisions.md, "Maintenance": an elevator nobody maintains yet may be saved, but not planned).
 */
export function elevatorMaintenanceRules(
  input: { maintenanceCompanyId?: Id | null; maintainerIds?: readonly Id[] | null },
  inPlan = false,
): Issue[] {
  const ids = (input.maintainerIds ?? []).filter((id) => !isBlank(id));
  if (inPlan) return [...maintenanceCompanyRules(input.maintenanceCompanyId), ...maintainerRules(ids)];
  if (ids.length === 0) return [];
  return [...maintenanceCompanyRules(input.maintenanceCompanyId), ...maintainerRules(ids)];
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
  const issues = requireFields(input, ['name', 'elevatorType', 'classification']);
  if ((input.items ?? []).length === 0) issues.push(issue('items', 'validation.required'));
  (input.items ?? []).forEach((item, i) => {
    for (const f of ['name', 'content', 'requirement', 'area'] as const)
      if (isBlank(item[f])) issues.push(issue(`items.${i}.${f}`, 'validation.required'));
  });
  return issues;
}
