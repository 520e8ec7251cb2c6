import { PAGE_SIZES, type FilterMode } from '@liftcloud/client';
import { Option, type Command } from 'commander';
import { completeLastOption } from '../../completion/values.js';
import type { EntityShape, ShapeField } from '../../entities/shape.js';
import { currentLanguage, t } from '../../i18n/index.js';
import { fieldLabel } from './labels.js';
import { kebab } from './ids.js';

/** What filter options are made of: an entity's definition or its shape (the same keys). */
export interface FilterSource {
  filters: Partial<Record<string, FilterMode>>;
  fields: Record<string, ShapeField>;
}

/** "1=Manufacturer, 2=…" for an enum filter's help. */
function choicesText(field: ShapeField): string {
  const options = field.enumDef?.options ?? [];
  return options.length ? ` (${options.map((o) => `${o.code}=${o.label[currentLanguage()]}`).join(', ')})` : '';
}

/** The query keys of an entity's filters: the field for eq and like, …Start and …End for a range. */
export function filterKeys(def: FilterSource): string[] {
  return Object.entries(def.filters).flatMap(([key, mode]) =>
    mode === 'range' ? [`${key}Start`, `${key}End`] : [key],
  );
}

/** One flag per filter of the definition (--name, --login-time-start…), plus --page-no and --page-size. */
export function addFilterOptions(command: Command, def: FilterSource, paging = true): Command {
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

type Query = Record<string, string | number | boolean>;

/**
 * A list's query. Without a filter flag and with a page number inside the schema's bounds (the usual list), it
 * is the shape's defaults with the page asked for, as the query schema would make it; any filter is converted
 * and checked against the definition's query schema (queryFrom, which loads the client's schemas), so a bad
 * filter is a usage error before anything is sent.
 */
export async function listQuery(shape: EntityShape, opts: Record<string, unknown>): Promise<Query> {
  const pageNo = Number(opts.pageNo ?? shape.queryDefaults.pageNo);
  const pageSize = Number(opts.pageSize ?? shape.queryDefaults.pageSize);
  const plain =
    !filterKeys(shape).some((key) => typeof opts[key] === 'string') &&
    Number.isInteger(pageNo) &&
    pageNo >= shape.pageNo.minimum &&
    pageNo <= shape.pageNo.maximum &&
    (PAGE_SIZES as readonly number[]).includes(pageSize);
  if (plain) return { ...shape.queryDefaults, pageNo, pageSize };
  const [{ queryFrom }, { entityDef }] = await Promise.all([import('./query.js'), import('./definition.js')]);
  return queryFrom(entityDef(shape.name), opts);
}
