import type { Field, Fields } from '@liftcloud/client';
import { expressionBuilder } from 'kysely';
import type { LooseDB, TableSpec } from '../../packages/server/src/store/repository.js';
import { storedName, type StoreColumns, type StoredColumn } from './storeColumns.js';

/** The column family a field's value is kept in: both dialects read these alike (docs/architecture.md, Store). */
function expectedFamily(field: Field, json: boolean): StoredColumn['family'][] {
  if (json) return ['text'];
  switch (field.kind) {
    case 'int':
    case 'ref':
    case 'enum':
    case 'bool':
      return ['integer', 'bigint'];
    case 'number':
      return ['real'];
    case 'datetime':
      return ['bigint'];
    default:
      return ['text'];
  }
}

/** The longest text a field may hold (its maxLength), or the longest JSON of an id list kept as JSON. */
function longest(field: Field, json: boolean): number | undefined {
  const schema = field.schema as { maxLength?: number; maxItems?: number; items?: { maxLength?: number } };
  if (!json) return field.kind === 'secret' ? undefined : schema.maxLength;
  const item = schema.items?.maxLength ?? 10; // an integer id: at most 10 digits
  return schema.maxItems === undefined ? undefined : 2 + schema.maxItems * (item + 3);
}

/** The fields a table spec computes when it reads a row (counts): the keys of its `computed`. */
const computedKeys = (spec: TableSpec): string[] =>
  spec.computed ? Object.keys(spec.computed(expressionBuilder<LooseDB, string>(), { tz: 'UTC' })) : [];

/**
 * Where an entity's definition and its migrated table disagree, one line each: a stored field without its column
 * (snake_case), in another type family, shorter than the field's longest text, NOT NULL though optional (or
 * nullable though required), an id list without its link table, a derived field nothing computes.
 */
export function storeProblems(
  spec: TableSpec,
  columns: StoreColumns,
  tableOf: (entity: string) => TableSpec,
): string[] {
  const problems: string[] = [];
  const entity = spec.entity.name;
  const table = columns.get(storedName(spec.table));
  if (!table) return [`${entity}: no table ${storedName(spec.table)}`];
  const json = new Set<string>(spec.jsonFields ?? []);
  const computed = computedKeys(spec);
  const column = (name: string) => table.get(storedName(name));

  if (spec.scope !== 'platform' && column('tenantId')?.nullable !== false)
    problems.push(`${entity}: tenant_id missing or nullable`);
  if (spec.scope === 'org' && !column(spec.orgColumn ?? 'orgId'))
    problems.push(`${entity}: no organisation column ${storedName(spec.orgColumn ?? 'orgId')}`);

  for (const [key, field] of Object.entries(spec.entity.fields as Fields)) {
    const at = `${entity}.${key}`;
    if (field.derived) {
      if (field.nameOf !== undefined) {
        const target = tableOf(spec.entity.fields[field.nameOf]!.target!);
        const nameColumn = columns.get(storedName(target.table))?.get(storedName(target.entity.nameField ?? ''));
        if (!nameColumn) problems.push(`${at}: ${target.entity.name} has no name column to read`);
      } else if (!computed.includes(key)) problems.push(`${at}: derived, but the table spec computes nothing for it`);
      continue;
    }
    if (field.kind === 'ids' && !json.has(key)) {
      const link = spec.links?.[key];
      const linkTable = link ? columns.get(storedName(link.table)) : undefined;
      if (!link || !linkTable) {
        problems.push(`${at}: an id list with no link table`);
        continue;
      }
      for (const side of [link.ownKey, link.otherKey]) {
        const c = linkTable.get(storedName(side));
        if (!c || c.family !== 'integer' || c.nullable)
          problems.push(`${at}: link ${storedName(link.table)}.${storedName(side)} missing, not integer or nullable`);
      }
      continue;
    }
    // a write-once secret is stored hashed, beside its name (password → password_hash)
    const name = field.kind === 'secret' ? `${key}Hash` : key;
    const c = column(name);
    if (!c) {
      problems.push(`${at}: no column ${storedName(name)}`);
      continue;
    }
    const families = expectedFamily(field, json.has(key));
    if (!families.includes(c.family)) problems.push(`${at}: ${c.declared}, expected ${families.join(' or ')}`);
    const max = longest(field, json.has(key));
    if (c.family === 'text' && max !== undefined && c.length !== null && c.length < max)
      problems.push(`${at}: ${c.declared} is shorter than the field's ${max}`);
    if (field.readOnly) continue; // kept by the server: it decides when a value is there
    // an optional field left out or emptied is stored as null (a flag as 0, so a default will do)
    if (!field.required && !c.nullable && !(field.kind === 'bool' && c.hasDefault))
      problems.push(`${at}: optional, but ${storedName(name)} is NOT NULL`);
    if (field.required && c.nullable) problems.push(`${at}: required, but ${storedName(name)} is nullable`);
  }
  return problems;
}
