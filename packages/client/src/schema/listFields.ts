import type { EntityDef, Fields } from './entity.js';

/** Text longer than this (contents, banners) is left out of a default list: it belongs to the detail. */
const LONG_TEXT = 200;

/**
 * The fields a list shows when nobody chose its columns (console tables, CLI tables): the first short,
 * readable ones in definition order. A reference is left out when the definition also has its name
 * (`elevatorId` beside `elevatorName`), so one column does not say the same thing twice.
 */
export function defaultListFields(entity: EntityDef<Fields>, count: number, skip: readonly string[] = []): string[] {
  return Object.entries(entity.fields)
    .filter(([key, field]) => {
      if (skip.includes(key) || field.createOnly || field.kind === 'ids' || field.kind === 'secret') return false;
      if (field.kind === 'ref' && `${key.replace(/Id$/, '')}Name` in entity.fields) return false;
      return ((field.schema as { maxLength?: number }).maxLength ?? 0) <= LONG_TEXT;
    })
    .slice(0, count)
    .map(([key]) => key);
}
