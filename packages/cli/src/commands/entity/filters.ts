import { PAGE_SIZES, issueMessage, parseQuery, type EntityDef, type Field, type Fields } from '@liftcloud/client';
import { Option, type Command } from 'commander';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { currentLanguage, t } from '../../i18n/index.js';
import { fieldLabel } from './definition.js';
import { kebab } from './ids.js';
import { convertValue } from './values.js';
import { completeLastOption } from '../../completion/values.js';

/** "1=Manufacturer, 2=…" for an enum filter's help. */
function choicesText(field: Field): string {
  const options = field.enumDef?.options ?? [];
  return options.length ? ` (${options.map((o) => `${o.code}=${o.label[currentLanguage()]}`).join(', ')})` : '';
}

/** The query keys of an entity's filters: the field for eq and like, …Start and …End for a range. */
export function filterKeys(def: EntityDef<Fields>): string[] {
  return Object.entries(def.filters).flatMap(([key, mode]) =>
    mode === 'range' ? [`${key}Start`, `${key}End`] : [key],
  );
}

/** One flag per filter of the definition (--name, --login-time-start…), plus --page-no and --page-size. */
export function addFilterOptions(command: Command, def: EntityDef<Fields>, paging = true): Command {
  for (const [key, mode] of Object.entries(def.filters)) {
    const field = def.fields[key];
    if (!field || !mode) continue;
    const label = fieldLabel(field);
    if (mode === 'range') {
      command.option(`--${kebab(key)}-start <time>`, t('opt.filterStart', { label }));
      command.option(`--${kebab(key)}-end <time>`, t('opt.filterEnd', { label }));
    } else {
      const key2 = mode === 'like' ? 'opt.filterLike' : 'opt.filterEq';
      command.option(`--${kebab(key)} <value>`, t(key2, { label }) + choicesText(field));
      // completion offers an enum's codes (a code or a label is accepted); a yes/no filter, true and false
      if (field.enumDef)
        completeLastOption(
          command,
          field.enumDef.options.map((o) => String(o.code)),
        );
      else if (field.kind === 'bool') completeLastOption(command, ['true', 'false']);
    }
  }
  if (paging) {
    command.option('--page-no <n>', t('opt.pageNo'), '1');
    command.addOption(new Option('--page-size <n>', t('opt.pageSize')).choices(PAGE_SIZES.map(String)).default('20'));
  }
  return command;
}

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
