import { LENGTHS } from '../constants.js';
import type { Issue } from '../schema/entity.js';
import { mobile } from './formats.js';
import { isBlank, issue, requireFields } from './common.js';

/** domain.md §5 Developer (parts and smart screens: their entity definitions). */

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
