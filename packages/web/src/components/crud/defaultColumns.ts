import type { EntityDef } from '@liftcloud/client';

/** The first few short fields of an entity, for lists whose columns nobody chose yet. */
export function defaultColumns(entity: EntityDef, count = 7, skip: readonly string[] = []): string[] {
  return Object.entries(entity.fields)
    .filter(([key, field]) => {
      if (skip.includes(key) || field.kind === 'ids' || field.kind === 'secret') return false;
      if (field.kind === 'ref' && `${key.replace(/Id$/, '')}Name` in entity.fields) return false;
      return ((field.schema as { maxLength?: number }).maxLength ?? 0) <= 200;
    })
    .slice(0, count)
    .map(([key]) => key);
}
