import type { EntityDef, Field } from '@liftcloud/client';

export type FormMode = 'create' | 'update';

/** The fields a form shows: writable ones; a write-once secret only when creating. */
export function formFields(entity: EntityDef, mode: FormMode, hidden: readonly string[] = []): [string, Field][] {
  return Object.entries(entity.fields).filter(
    ([key, field]) => !field.readOnly && !(mode === 'update' && field.createOnly) && !hidden.includes(key),
  );
}

/**
 * Form values as the API body: empty optional inputs become null, untouched optional ones are left out,
 * required ones are sent as they are so the schema names what is missing.
 */
export function toBody(
  entity: EntityDef,
  mode: FormMode,
  values: Record<string, unknown>,
  fixed: Record<string, unknown> = {},
  id?: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of formFields(entity, mode)) {
    if (key in fixed) continue;
    const value = values[key];
    if (value === undefined) continue;
    if (!field.required && (value === '' || value === null)) body[key] = null;
    else body[key] = typeof value === 'string' && field.kind !== 'secret' ? value.trim() : value;
  }
  Object.assign(body, fixed);
  if (mode === 'update' && id) body.id = id;
  return body;
}

/** The values an edit form starts from: the record's writable fields. */
export function fromRecord(entity: EntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key] of formFields(entity, 'update')) if (record[key] !== undefined) values[key] = record[key];
  return values;
}

/** A new record's starting values: switches off and id lists empty, so nothing reads as missing. */
export function createDefaults(entity: EntityDef): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of formFields(entity, 'create')) {
    if (field.kind === 'bool') values[key] = false;
    if (field.kind === 'ids') values[key] = [];
  }
  return values;
}
