import { defaultListFields, type EntityDef } from '@liftcloud/client';

/** The first few short fields of an entity, for lists whose columns nobody chose yet. */
export const defaultColumns = (entity: EntityDef, count = 7, skip: readonly string[] = []): string[] =>
  defaultListFields(entity, count, skip);
