import { GATEWAY_TEST, LENGTHS, MAX_FLOOR } from '../constants.js';
import type { Issue } from '../schema/entity.js';
import {
  checkNumber,
  checkRange,
  isBlank,
  issue,
  repeatedIndexes,
  type NumberInput,
  type TimeInput,
} from './common.js';

/** domain.md §5 Elevator, Gateway and devices. */

type Id = number | string;

// ---- Elevator ----

/**
 * Factory number or register code: at least one. A batch add creates several elevators from one form and needs
 * no register code (one code cannot name many elevators), so the rule does not apply to it.
 */
export function elevatorIdentityRules(
  input: { factoryNo?: string | null; registerCode?: string | null },
  opts: { batch?: boolean } = {},
): Issue[] {
  if (opts.batch) return [];
  return isBlank(input.factoryNo) && isBlank(input.registerCode)
    ? [issue('factoryNo', 'rule.factoryNoOrRegisterCode')]
    : [];
}

function floorNumberRules(field: string, value: NumberInput): Issue[] {
  const issues = checkNumber(field, value, { required: true, integer: true });
  if (issues.length === 0 && Number(value) > MAX_FLOOR)
    issues.push(issue(field, 'rule.maxFloor', { limit: MAX_FLOOR }));
  return issues;
}

/** The current floor: a whole number, not above MAX_FLOOR (64). */
export function currentFloorRules(currentFloor: NumberInput, field = 'currentFloor'): Issue[] {
  return floorNumberRules(field, currentFloor);
}

/** A floor display template can be chosen only once the floor display is configured. */
export function floorTemplateRules(input: {
  floorDisplayTemplateId: Id | null | undefined;
  floorDisplayConfigured: boolean;
}): Issue[] {
  return !isBlank(input.floorDisplayTemplateId) && !input.floorDisplayConfigured
    ? [issue('floorDisplayTemplateId', 'rule.floorDisplayFirst')]
    : [];
}

// ---- Gateway ----

export const isDtuCode = (value: string): boolean => new RegExp(`^\\d{${LENGTHS.dtu}}$`).test(value.trim());

/** A gateway action needs its DTU number: 11 digits. */
export function dtuCodeRules(dtuCode: string | null | undefined, field = 'dtuCode'): Issue[] {
  if (isBlank(dtuCode)) return [issue(field, 'validation.required')];
  return isDtuCode(String(dtuCode)) ? [] : [issue(field, 'rule.dtuCode', { length: LENGTHS.dtu })];
}

/** How long a gateway test of `count` DTUs runs: one at a time, 5 minutes each. */
export const gatewayTestDurationMs = (count: number): number => count * GATEWAY_TEST.eachTestMs;

export interface GatewayTestInput {
  dtuCodes: readonly string[] | null | undefined;
  /** The total test time, in minutes; optional. */
  testTime?: NumberInput;
  /** Empty, or a positive whole number. */
  passBenchmark?: NumberInput;
}

/**
 * A gateway test: 1 to GATEWAY_TEST.maxBatch (20) DTUs of 11 digits, none twice; a total test time over 0 and not
 * over 24 hours that holds every DTU's 5-minute test; a pass benchmark empty or a positive whole number.
 */
export function gatewayTestRules(input: GatewayTestInput): Issue[] {
  const codes = input.dtuCodes ?? [];
  const issues: Issue[] = [];
  if (codes.length === 0) issues.push(issue('dtuCodes', 'validation.required'));
  else if (codes.length > GATEWAY_TEST.maxBatch)
    issues.push(issue('dtuCodes', 'rule.gatewayTestMaxBatch', { limit: GATEWAY_TEST.maxBatch }));
  codes.forEach((code, i) => issues.push(...dtuCodeRules(code, `dtuCodes.${i}`)));
  for (const i of repeatedIndexes(codes, (c) => c.trim()))
    issues.push(issue(`dtuCodes.${i}`, 'validation.uniqueItems'));
  const maxMinutes = GATEWAY_TEST.maxTotalMs / 60_000;
  const time = checkNumber('testTime', input.testTime, {
    above: 0,
    max: maxMinutes,
    rangeRule: 'rule.gatewayTestTime',
  });
  issues.push(...time);
  const needed = gatewayTestDurationMs(codes.length) / 60_000;
  if (time.length === 0 && !isBlank(input.testTime) && Number(input.testTime) < needed)
    issues.push(issue('testTime', 'rule.gatewayTestTooShort', { count: codes.length, minutes: needed }));
  if (checkNumber('passBenchmark', input.passBenchmark, { integer: true, above: 0 }).length > 0)
    issues.push(issue('passBenchmark', 'rule.passBenchmark'));
  return issues;
}

/**
 * Adding DTUs to a gateway test: one at a time (several at once are refused), not one already listed, and not
 * beyond the batch limit.
 */
export function gatewayTestAddRules(
  adding: readonly string[],
  listed: readonly string[] = [],
  field = 'dtuCode',
): Issue[] {
  if (adding.length === 0) return [issue(field, 'validation.required')];
  if (adding.length > 1) return [issue(field, 'rule.oneAtATime')];
  const code = adding[0]!;
  const format = dtuCodeRules(code, field);
  if (format.length > 0) return format;
  if (listed.some((c) => c.trim() === code.trim())) return [issue(field, 'validation.uniqueItems')];
  if (listed.length >= GATEWAY_TEST.maxBatch)
    return [issue(field, 'rule.gatewayTestMaxBatch', { limit: GATEWAY_TEST.maxBatch })];
  return [];
}

// ---- Devices ----

/** A device search: both times entered, the start before the end. */
export function deviceSearchTimeRules(input: { startTime: TimeInput; endTime: TimeInput }): Issue[] {
  return checkRange('startTime', input.startTime, 'endTime', input.endTime, {
    required: true,
    requiredRule: 'rule.searchTimeRequired',
  }).issues;
}

/** An empty ICCID is an error. */
export function iccidRules(iccid: string | null | undefined, field = 'iccid'): Issue[] {
  return isBlank(iccid) ? [issue(field, 'rule.iccidEmpty')] : [];
}

/** Imports take a single .xlsx file; anything else is an illegal import. */
export function importFileRules(fileName: string | null | undefined, field = 'file'): Issue[] {
  if (isBlank(fileName)) return [issue(field, 'validation.required')];
  return /\.xlsx$/i.test(String(fileName).trim()) ? [] : [issue(field, 'rule.importFileType')];
}

// ---- Selections ----

/** Traffic-card and state views work on exactly one gateway device. */
export function singleGatewayRules(gatewayIds: readonly Id[] | null | undefined, field = 'gatewayIds'): Issue[] {
  return (gatewayIds ?? []).length === 1 ? [] : [issue(field, 'rule.selectOneGateway')];
}

/** Blacklist and protocol settings need a gateway chosen first. */
export function gatewaySelectedRules(gatewayIds: readonly Id[] | null | undefined, field = 'gatewayIds'): Issue[] {
  return (gatewayIds ?? []).length > 0 ? [] : [issue(field, 'rule.selectGatewayFirst')];
}
