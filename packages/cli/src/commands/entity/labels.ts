import type { Localized } from '@liftcloud/client';
import type { ShapeField } from '../../entities/shape.js';
import { isApiError, CliError } from '../../errors.js';
import { currentLanguage, t } from '../../i18n/index.js';

export type Row = Record<string, unknown>;

/** An entity's label in the current language: of its definition or of its shape. */
export const labelOf = (def: { label: Localized }): string => def.label[currentLanguage()];
export const fieldLabel = (field: { label: Localized }): string => field.label[currentLanguage()];

/** Fields a record carries (everything but write-once secrets). */
export const readableFields = <F extends ShapeField>(def: { fields: Record<string, F> }): [string, F][] =>
  Object.entries(def.fields).filter(([, f]) => !f.createOnly);

/** A 404 for one record, said with the entity and the id ("No such Company: 12"); other errors unchanged. */
export function notFoundAsMessage(def: { label: Localized }, id: number, error: unknown): unknown {
  if (isApiError(error) && error.status === 404) return new CliError(t('entity.notFound', { label: labelOf(def), id }));
  return error;
}
