import { issueMessage, parseQuery, type EntityDef, type Fields } from '@liftcloud/client';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { currentLanguage, t } from '../../i18n/index.js';
import { kebab } from './ids.js';
import { convertValue } from './values.js';

/**
 * The list query from the parsed flags, converted and checked against the definition's query schema, the
 * same check the server makes, so a bad filter is a usage error before anything is sent.
 */
export function queryFrom(
  def: EntityDef<Fields>,
  opts: Record<string, unknown>,
): Record<string, string | number | boolean> {
  const raw: Record<string, unknown> = {};
  for (const [key, mode] of Object.entries(def.filters)) {
    const field = def.fields[key];
    if (!field || !mode) continue;
    // Range bounds are date-times (text); eq and like values take the field's type (an enum by code or label).
    for (const name of mode === 'range' ? [`${key}Start`, `${key}End`] : [key])
      if (typeof opts[name] === 'string')
        raw[name] = mode === 'range' ? opts[name] : convertValue(kebab(name), field, opts[name] as string);
  }
  for (const key of ['pageNo', 'pageSize']) if (opts[key] !== undefined) raw[key] = Number(opts[key]);
  // parseQuery's own conversion leaves text as text (see the CLI README, client requests), so values arrive typed.
  const { value, issues } = parseQuery(def.querySchema, raw);
  if (issues.length > 0) {
    const lines = issues.map((issue) => issueMessage(def.querySchema, issue, currentLanguage()));
    throw new CliError(t('entity.invalid', { label: def.label[currentLanguage()] }), EXIT.usage, lines);
  }
  return value as Record<string, string | number | boolean>;
}
