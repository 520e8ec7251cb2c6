import { ENTITIES, type EntityDef, type Field } from '@liftcloud/client';

/** The entity a reference or id-list field points at, when a person can pick it by name (it has a name field). */
export function pickableTarget(field: Field): (EntityDef & { nameField: string }) | null {
  if (!field.target) return null;
  return targetEntity(field.target);
}

/** An entity by name, when it has a name field to search and show. */
export function targetEntity(name: string): (EntityDef & { nameField: string }) | null {
  const entity = (ENTITIES as Record<string, EntityDef | undefined>)[name];
  return entity?.nameField ? (entity as EntityDef & { nameField: string }) : null;
}

/** A record's name as a picker or a list cell shows it: its name field, else its id. */
export const recordLabel = (entity: EntityDef & { nameField: string }, record: Record<string, unknown>): string =>
  String(record[entity.nameField] ?? record.id);
