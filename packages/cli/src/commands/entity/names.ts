import { ENTITIES, type EntityDef, type Field, type Fields, type LiftCloudClient } from '@liftcloud/client';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';
import { labelOf, type Row } from './definition.js';

/** How many near names an unknown name suggests. */
const SUGGESTIONS = 5;

/** A reference given on the command line by the name of the record it points at, not its id. */
export class NameRef {
  constructor(readonly text: string) {}
}

/** The entity a reference or id-list field points at, when its records have a name to look up. */
export function namedTarget(field: Field): (EntityDef<Fields> & { nameField: string }) | null {
  if (!field.target) return null;
  const target = (ENTITIES as Record<string, EntityDef<Fields> | undefined>)[field.target];
  return target?.nameField ? (target as EntityDef<Fields> & { nameField: string }) : null;
}

const hasName = (value: unknown): boolean =>
  value instanceof NameRef || (Array.isArray(value) && value.some((v) => v instanceof NameRef));

/** Whether the body holds references given by name, which need the server to look up. */
export const hasNames = (body: Row): boolean => Object.values(body).some(hasName);

/**
 * Replace each reference given by name with the id of the one record of its target entity that has exactly that
 * name (case aside), among the records the caller may see: the same list the console's picker searches. No such
 * record, or several, is a usage error that names the candidates.
 */
export async function resolveNames(client: LiftCloudClient, def: EntityDef<Fields>, body: Row): Promise<void> {
  for (const [key, value] of Object.entries(body)) {
    if (!hasName(value)) continue;
    const target = namedTarget(def.fields[key]!)!;
    const one = (v: unknown) => (v instanceof NameRef ? idOfName(client, key, target, v.text) : Promise.resolve(v));
    body[key] = Array.isArray(value) ? await Promise.all(value.map(one)) : await one(value);
  }
}

async function idOfName(
  client: LiftCloudClient,
  key: string,
  target: EntityDef<Fields> & { nameField: string },
  name: string,
): Promise<number> {
  const nameOf = (record: Row) => String(record[target.nameField] ?? '');
  const similar: Row[] = [];
  for await (const record of client.crud<Row>(target.path).all({ [target.nameField]: name })) similar.push(record);
  const exact = similar.filter((record) => nameOf(record).toLowerCase() === name.toLowerCase());
  const label = labelOf(target);
  const fail = (message: string, lines: string[] = []) =>
    new CliError(t('entity.badValue', { key, reason: message }), EXIT.usage, lines);
  if (exact.length === 1) return Number(exact[0]!.id);
  if (exact.length > 1)
    throw fail(t('entity.ambiguousName', { label, name, count: exact.length, ids: exact.map((r) => r.id).join(', ') }));
  const near = similar.slice(0, SUGGESTIONS).map((record) => `${nameOf(record)} (${String(record.id)})`);
  throw fail(
    t('entity.noSuchName', { label, name }),
    near.length ? [t('entity.didYouMean', { names: near.join(', ') })] : [],
  );
}
