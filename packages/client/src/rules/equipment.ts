import { LENGTHS } from '../constants.js';
import type { Issue } from '../schema/entity.js';
import { mobile } from './formats.js';
import { isBlank, issue, requireFields } from './common.js';

/** domain.md §5 Parts, screens, developer. */

type Id = number | string;

/** A part: parts id (partsSn) exactly 34 characters; no and name required. */
export function partRules(input: {
  partsSn: string | null | undefined;
  no: string | null | undefined;
  name: string | null | undefined;
}): Issue[] {
  const issues: Issue[] = [];
  if (isBlank(input.partsSn)) issues.push(issue('partsSn', 'validation.required'));
  else if (String(input.partsSn).length !== LENGTHS.partsId)
    issues.push(issue('partsSn', 'validation.exactLength', { limit: LENGTHS.partsId }));
  return [...issues, ...requireFields(input, ['no', 'name'])];
}

/** A smart screen's password: 6 to 20 letters and digits. */
export const SCREEN_PASSWORD = { min: 6, max: 20 } as const;
export const isScreenPassword = (value: string): boolean =>
  new RegExp(`^[A-Za-z0-9]{${SCREEN_PASSWORD.min},${SCREEN_PASSWORD.max}}$`).test(value);

/** MACs compare without case or separators: AA:BB… and aa-bb… are the same screen. */
export const normalizeMac = (mac: string): string => mac.replace(/[^0-9A-Za-z]/g, '').toLowerCase();

export interface SmartScreenInput {
  mac: string | null | undefined;
  password: string | null | undefined;
  elevatorId: Id | null | undefined;
  programListId: Id | null | undefined;
  area: string | number | null | undefined;
}

/** A smart screen: MAC 17 characters, password 6 to 20 letters and digits, elevator, program list and area. */
export function smartScreenRules(input: SmartScreenInput): Issue[] {
  const issues: Issue[] = [];
  if (isBlank(input.mac)) issues.push(issue('mac', 'validation.required'));
  else if (String(input.mac).length !== LENGTHS.mac)
    issues.push(issue('mac', 'validation.exactLength', { limit: LENGTHS.mac }));
  if (isBlank(input.password)) issues.push(issue('password', 'validation.required'));
  else if (!isScreenPassword(String(input.password))) issues.push(issue('password', 'rule.screenPassword'));
  return [...issues, ...requireFields(input, ['elevatorId', 'programListId', 'area'])];
}

/**
 * A MAC must be unique: `existing` lists the MACs already stored (leave out the screen being edited, or pass
 * the records with their ids and `ownId`).
 */
export function macUniqueRules(
  mac: string | null | undefined,
  existing: readonly (string | { id: Id; mac: string | null })[],
  ownId?: Id,
  field = 'mac',
): Issue[] {
  if (isBlank(mac)) return [];
  const wanted = normalizeMac(String(mac));
  const taken = existing.some((e) =>
    typeof e === 'string'
      ? normalizeMac(e) === wanted
      : e.mac !== null && normalizeMac(e.mac) === wanted && String(e.id) !== String(ownId),
  );
  return taken ? [issue(field, 'validation.duplicate', { value: String(mac) })] : [];
}

/**
 * A camera or screen already bound to another elevator: the issue (rule.boundElsewhere, with the other elevator
 * in `elevator`) is a question, not a refusal; the UI asks whether to replace the binding and sends again with
 * the replacement confirmed.
 */
export function bindingRules(
  input: {
    elevatorId: Id | null | undefined;
    boundElevatorId: Id | null | undefined;
    boundElevatorName?: string | null;
  },
  field = 'elevatorId',
): Issue[] {
  if (isBlank(input.boundElevatorId) || isBlank(input.elevatorId)) return [];
  if (String(input.boundElevatorId) === String(input.elevatorId)) return [];
  return [issue(field, 'rule.boundElsewhere', { elevator: input.boundElevatorName ?? String(input.boundElevatorId) })];
}

export const isAppSecret = (value: string): boolean => new RegExp(`^[A-Za-z0-9]{${LENGTHS.appSecret}}$`).test(value);

/** A developer: code and name required, mobile valid when given, appSecret 8 letters and digits. */
export function developerRules(input: {
  code: string | null | undefined;
  name: string | null | undefined;
  mobile?: string | null;
  appSecret?: string | null;
}): Issue[] {
  const issues = requireFields(input, ['code', 'name']);
  if (!isBlank(input.mobile) && !mobile.test(String(input.mobile).trim()))
    issues.push(issue('mobile', 'validation.mobile'));
  if (!isBlank(input.appSecret) && !isAppSecret(String(input.appSecret)))
    issues.push(issue('appSecret', 'rule.appSecret', { length: LENGTHS.appSecret }));
  return issues;
}
