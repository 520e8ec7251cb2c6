import type { Fields } from '@liftcloud/client';
import type { AliasableExpression, ExpressionBuilder, Transaction } from 'kysely';
import { tenantOf, type Caller } from '../services/caller.js';
import { tableOf } from '../tables/index.js';
import type { LooseDB, TableSpec } from './repository.js';

/** A reference the caller writes (a `ref` or an id list of the definition) and the rows it may name. */
export interface Reference {
  field: string;
  /** The table of the target entity. */
  table: string;
  /** An id list, kept in a link table, rather than one id. */
  many: boolean;
  /** The target is the platform's (tenants): any row, not only the caller's tenant's. */
  platform: boolean;
  /** A company reference that must also be one of the caller's organisations (not one of `relatedCompanies`). */
  withinCallerOrgs: boolean;
}

/**
 * The writable references of an entity, from its definition (each field names its target entity): what a create,
 * an update and an import check. A reference must name a row of the caller's tenant; a company must also be
 * inside the caller's organisations, unless the spec names it in `relatedCompanies`.
 */
export function referencesOf<F extends Fields>(spec: TableSpec<F>): Reference[] {
  const related: readonly string[] = spec.relatedCompanies ?? [];
  return Object.entries(spec.entity.fields as Fields)
    .filter(([, f]) => (f.kind === 'ref' || f.kind === 'ids') && f.target !== undefined && !f.readOnly)
    .map(([field, f]) => {
      const target = tableOf(f.target!);
      const many = f.kind === 'ids';
      return {
        field,
        table: target.table,
        many,
        platform: target.scope === 'platform',
        withinCallerOrgs: target.table === 'companies' && !many && !related.includes(field),
      };
    });
}

/** Which of these ids name rows the caller may point at through the reference. */
export async function reachableIds(
  trx: Transaction<LooseDB>,
  reference: Reference,
  caller: Caller,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let q = trx.selectFrom(reference.table).select('id').where('id', 'in', ids);
  if (!reference.platform) q = q.where('tenantId', '=', tenantOf(caller));
  const orgIds = caller.scope.orgIds;
  if (reference.withinCallerOrgs && orgIds) q = q.where('id', 'in', orgIds.length ? orgIds : [-1]);
  return new Set((await q.execute()).map((row) => Number(row.id)));
}

type EB = ExpressionBuilder<LooseDB, string>;

/**
 * The name fields of an entity (`companyName` through `companyId`), each read from the row its reference names
 * (the target's name field), beside the record's own columns.
 */
export function nameSelections<F extends Fields>(
  spec: TableSpec<F>,
): (eb: EB) => Record<string, AliasableExpression<unknown>> {
  const fields = spec.entity.fields as Fields;
  const names = Object.entries(fields).flatMap(([key, f]) => {
    if (f.nameOf === undefined) return [];
    const target = tableOf(fields[f.nameOf]!.target!);
    const column = target.entity.nameField;
    if (!column) throw new Error(`${spec.entity.name}.${key}: '${target.entity.name}' has no name field`);
    return [{ key, ref: f.nameOf, table: target.table, column }];
  });
  return (eb) =>
    Object.fromEntries(
      names.map(({ key, ref, table, column }) => [
        key,
        eb.selectFrom(`${table} as n`).select(`n.${column}`).whereRef('n.id', '=', `t.${ref}`),
      ]),
    );
}
