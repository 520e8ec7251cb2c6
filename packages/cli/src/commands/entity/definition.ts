import { ENTITIES, type EntityDef, type Field, type Fields } from '@liftcloud/client';
import { CliError, isApiError } from '../../errors.js';
import { currentLanguage, t } from '../../i18n/index.js';

export type Row = Record<string, unknown>;

/** An entity definition by its ENTITIES key, with its label in the current language. */
export function entityDef(name: string): EntityDef<Fields> {
  const def = (ENTITIES as Record<string, EntityDef<Fields>>)[name];
  if (!def) throw new CliError(`unknown entity ${name}`);
  return def;
}

export const labelOf = (def: EntityDef<Fields>): string => def.label[currentLanguage()];
export const fieldLabel = (field: Field): string => field.label[currentLanguage()];

/** Fields a record carries (everything but write-once secrets). */
export const readableFields = (def: EntityDef<Fields>): [string, Field][] =>
  Object.entries(def.fields).filter(([, f]) => !f.createOnly);

/** A 404 for one record, said with the entity and the id ("No such Company: 12"); other errors unchanged. */
export function notFoundAsMessage(def: EntityDef<Fields>, id: number, error: unknown): unknown {
  if (isApiError(error) && error.status === 404) return new CliError(t('entity.notFound', { label: labelOf(def), id }));
  return error;
}
