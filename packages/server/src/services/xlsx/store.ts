import { issueMessage, type Fields, type Issue, type Language } from '@liftcloud/client';
import { CamelCasePlugin, CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/tables.js';
import type { LinkSpec, LooseDB, LooseKysely, TableSpec, WriteContext } from '../../store/repository.js';
import { valueToStore } from '../../store/convert.js';
import { copyRows } from '../../db/postgres-copy.js';
import { reachableIds, referencesOf } from '../../store/references.js';
import { tenantOf, type Caller } from '../caller.js';
import type { FileProblems } from './convert.js';
import { ImportFileError, type RowError } from './errors.js';
import type { ImportSpec } from './importable.js';
import type { ImportLimits } from './limits.js';
import type { ParsedBatch, ParsedSheet } from './parse.js';
import { importMessage } from './messages.js';

export interface ImportOutcome {
  created: number;
  skipped: number;
  total: number;
  dryRun: boolean;
}

export interface ImportProblems {
  errors: RowError[];
  errorCount: number;
  badRows: number;
  total: number;
}

/** Values per IN (...) query: well inside SQLite's and PostgreSQL's parameter limits. */
const LOOKUP_CHUNK = 1_000;
/** Parameters per multi-row INSERT (SQLite allows 32,766, PostgreSQL 65,535). */
const INSERT_PARAMS = 30_000;

const chunks = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The store's own name mapping (db/database.ts), for the raw SQL below: tenantId → tenant_id. */
class StoreNames extends CamelCasePlugin {
  readonly snake = (name: string) => this.snakeCase(name);
}
const { snake } = new StoreNames();

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A stored value and an imported one (already in store form) name the same thing. */
function sameValue(stored: unknown, imported: unknown): boolean {
  if (blank(stored) && blank(imported)) return true;
  if (blank(stored) || blank(imported)) return false;
  if (typeof imported === 'number' || typeof stored === 'number') return Number(stored) === Number(imported);
  return String(stored) === String(imported);
}

/** Thrown inside the transaction to roll it back: the file had bad rows, the answer is their list. */
class BadRows extends Error {
  constructor(readonly problems: ImportProblems) {
    super('bad rows');
  }
}

interface StoreArgs {
  db: Kysely<DB>;
  dialect: Dialect;
  spec: ImportSpec;
  table: TableSpec;
  caller: Caller;
  tz: string;
  language: Language;
  dryRun: boolean;
  limits: ImportLimits;
}

/**
 * The store side of an import, batch by batch as the worker reads the file, inside one transaction: references
 * must be rows of the caller's tenant, a row whose key is already stored with the same values is skipped, a key
 * stored with other values (or a unique value another record holds) is a bad row, and new rows are inserted in
 * multi-row INSERTs. When the file or the store finds any bad row, the rest is only checked and the transaction
 * is rolled back: nothing is written. A dry run writes nothing either.
 */
export async function storeRows(args: StoreArgs & { sheet: ParsedSheet }): Promise<ImportOutcome | ImportProblems> {
  const { sheet } = args;
  const batches = sheet.batches[Symbol.asyncIterator]();
  // The first batch before the transaction: a file refused in its first rows never holds the store.
  const first = await batches.next();
  const db = args.db as unknown as LooseKysely;
  try {
    return await db.transaction().execute(async (trx) => {
      const writer = new BatchWriter(trx, args, sheet.fields);
      await writer.begin();
      for (let next = first; !next.done; next = await batches.next()) await writer.add(next.value);
      const outcome = writer.finish(sheet.finished().problems);
      if ('errors' in outcome) throw new BadRows(outcome);
      return outcome;
    });
  } catch (err) {
    if (err instanceof BadRows) return err.problems;
    throw err;
  }
}

class BatchWriter {
  private readonly fields: Fields;
  private readonly tenantId: number;
  /** Rows above this id were written by this import (earlier batches): not repeats of stored rows. */
  private storedUpTo = 0;
  private created = 0;
  private skipped = 0;
  private readonly errors: RowError[] = [];
  private errorCount = 0;
  private badRows = 0;
  /** The file had a bad row so far: nothing more is inserted, the rest only checked. */
  private failing = false;

  constructor(
    private readonly trx: Transaction<LooseDB>,
    private readonly args: StoreArgs,
    private readonly present: string[],
  ) {
    this.fields = args.spec.entity.fields as Fields;
    this.tenantId = tenantOf(args.caller);
  }

  private label(f: string): string {
    return this.fields[f]?.label[this.args.language] ?? f;
  }

  async begin(): Promise<void> {
    // The table grows inside this transaction with no statistics on its new rows: PostgreSQL's planner then
    // takes an IN list of a batch's keys for most of the table and scans it once per batch.
    if (this.args.dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(this.trx);
    const row = await this.trx
      .selectFrom(this.args.table.table)
      .select((eb) => eb.fn.max('id').as('top'))
      .executeTakeFirst();
    this.storedUpTo = Number(row?.top ?? 0);
  }

  /** Stored rows whose `field` is one of `values` (by the field alone, so the store uses its index). */
  private async storedWith(field: string, values: string[], columns: string[]): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    const postgres = this.args.dialect === 'postgres';
    for (const part of chunks(values, LOOKUP_CHUNK))
      for (const row of await this.trx
        .selectFrom(this.args.table.table)
        .select(columns)
        // PostgreSQL: one array parameter, not a statement of a thousand to parse and plan for each batch.
        .where(field, postgres ? '=' : 'in', postgres ? sql<string>`any(${part})` : part)
        .execute())
        if (Number(row.id) <= this.storedUpTo) out.push(row);
    return out;
  }

  async add(batch: ParsedBatch): Promise<void> {
    const { spec, table, tz } = this.args;
    const { fields, present, tenantId } = this;
    if (batch.badRowsSoFar > 0) this.failing = true;
    const inputs = batch.rows.map((values) => {
      const o: Record<string, unknown> = {};
      present.forEach((f, i) => {
        if (values[i] !== null && values[i] !== undefined) o[f] = values[i];
      });
      return o;
    });
    const problems = new Map<number, Issue[]>();
    const flag = (i: number, issue: Issue) => push(problems, i, issue);

    await checkRefs(this.trx, table, this.args.caller, present, inputs, flag);

    // Rows already stored under their key: skipped when equal, bad rows when changed.
    const skip = new Set<number>();
    const matched = new Map<number, number>(); // row index → id of the stored row it repeats
    const byKey = new Map<string, number[]>();
    inputs.forEach((input, i) => push(byKey, spec.keyOf(input) ?? 'name', i));
    const scopeTenant = table.scope !== 'platform';
    // The columns a comparison needs (links are kept elsewhere).
    const wanted = [
      ...new Set(['id', 'tenantId', ...byKey.keys(), ...present.filter((f) => fields[f]!.kind !== 'ids')]),
    ];
    for (const [key, rows] of byKey) {
      const identity = spec.keyOf(inputs[rows[0]!]!) !== null;
      const values = [...new Set(rows.map((i) => String(inputs[i]![key])))];
      const stored = new Map<string, Record<string, unknown>[]>();
      for (const row of await this.storedWith(key, values, wanted))
        if (!scopeTenant || Number(row.tenantId) === tenantId) push(stored, String(row[key]), row);
      for (const i of rows) {
        const input = inputs[i]!;
        const candidates = stored.get(String(input[key])) ?? [];
        if (candidates.length === 0) continue;
        const differing = (row: Record<string, unknown>) =>
          present.filter(
            (f) =>
              fields[f]!.kind !== 'ids' &&
              !sameValue(row[f], valueToStore(fields[f]!, input[f], tz, table.jsonFields?.includes(f) ?? false)),
          );
        const same = candidates.find((row) => differing(row).length === 0);
        if (same) {
          skip.add(i);
          matched.set(i, Number(same.id));
        } else if (identity) {
          const diff = differing(candidates[0]!);
          flag(i, {
            field: key,
            rule: 'import.changed' as Issue['rule'],
            params: { value: String(input[key]), columns: diff.map((f) => this.label(f)).join(', ') },
          });
        }
        // No identity (an elevator with neither register code nor factory number): only an equal row is a repeat.
      }
    }
    // Unique values held by another record: on the whole platform (DTU numbers) or within the tenant.
    for (const field of spec.entity.unique) {
      if (!present.includes(field)) continue;
      const platformWide =
        table.scope === 'platform' || (table.platformUnique as string[] | undefined)?.includes(field);
      // A tenant-unique field that is also a row's re-import key was settled by the key pass above.
      const rows = inputs
        .map((_, i) => i)
        .filter(
          (i) => !blank(inputs[i]![field]) && !problems.has(i) && (platformWide || spec.keyOf(inputs[i]!) !== field),
        );
      if (!rows.length) continue;
      const values = [...new Set(rows.map((i) => String(inputs[i]![field])))];
      const holders = new Map<string, number[]>();
      for (const row of await this.storedWith(field, values, ['id', 'tenantId', field]))
        if (platformWide || Number(row.tenantId) === tenantId) push(holders, String(row[field]), Number(row.id));
      for (const i of rows) {
        const ids = holders.get(String(inputs[i]![field])) ?? [];
        if (ids.some((id) => id !== matched.get(i)))
          flag(i, { field, rule: 'validation.duplicate', params: { value: String(inputs[i]![field]) } });
      }
    }
    if (problems.size) {
      this.failing = true;
      this.report(batch.rowNumbers, problems);
    }
    this.skipped += skip.size;
    const fresh = inputs.filter((_, i) => !skip.has(i));
    this.created += fresh.length;
    if (!this.args.dryRun && !this.failing && fresh.length)
      await insertRows(this.trx, this.args.dialect, table, spec, this.args.caller, tz, present, fresh);
  }

  private report(rowNumbers: number[], problems: Map<number, Issue[]>): void {
    const { spec, language, limits } = this.args;
    this.badRows += problems.size;
    for (const [i, issues] of problems)
      for (const issue of issues) {
        this.errorCount++;
        if (this.errors.length >= limits.maxReportedErrors) continue;
        const message =
          (issue.rule as string) === 'import.changed'
            ? importMessage(language, 'changed', {
                column: this.label(issue.field),
                value: String(issue.params?.value),
                columns: String(issue.params?.columns),
              })
            : issueMessage(spec.entity.createSchema, issue, language);
        this.errors.push({
          row: rowNumbers[i]!,
          column: this.label(issue.field),
          field: issue.field,
          rule: issue.rule,
          message,
        });
      }
  }

  /** The answer once every batch is in: the counts, or every problem of the file and of the store together. */
  finish(file: FileProblems): ImportOutcome | ImportProblems {
    const { limits, dryRun } = this.args;
    if (this.badRows || file.badRows) {
      const errors = [...file.errors, ...this.errors].sort((a, b) => a.row - b.row).slice(0, limits.maxReportedErrors);
      return {
        errors,
        errorCount: file.errorCount + this.errorCount,
        badRows: file.badRows + this.badRows,
        total: file.total,
      };
    }
    return { created: this.created, skipped: this.skipped, total: file.total, dryRun };
  }
}

/** Every reference a row sets must name a row the caller may point at: one lookup per chunk of ids per field. */
async function checkRefs(
  trx: Transaction<LooseDB>,
  table: TableSpec,
  caller: Caller,
  present: string[],
  inputs: Record<string, unknown>[],
  flag: (i: number, issue: Issue) => void,
): Promise<void> {
  for (const reference of referencesOf(table).filter((r) => present.includes(r.field))) {
    const { field } = reference;
    const wanted = new Set<number>();
    for (const input of inputs) for (const v of [input[field] ?? []].flat()) wanted.add(Number(v));
    const found = new Set<number>();
    for (const part of chunks([...wanted], LOOKUP_CHUNK))
      for (const id of await reachableIds(trx, reference, caller, part)) found.add(id);
    inputs.forEach((input, i) => {
      const v = input[field];
      if (v === undefined || v === null) return;
      if ([v].flat().some((id) => !found.has(Number(id)))) flag(i, { field, rule: 'validation.reference' });
    });
  }
}

async function insertRows(
  trx: Transaction<LooseDB>,
  dialect: Dialect,
  table: TableSpec,
  spec: ImportSpec,
  caller: Caller,
  tz: string,
  present: string[],
  inputs: Record<string, unknown>[],
): Promise<void> {
  const fields = spec.entity.fields as Fields;
  const ctx: WriteContext = { caller, tz, trx };
  const now = Date.now();
  const org = caller.orgId === 0 ? null : caller.orgId;
  const json = new Set<string>(table.jsonFields ?? []);
  const storedFields = present.filter((f) => fields[f]!.kind !== 'ids' || json.has(f));
  const links = Object.entries(table.links ?? {}).filter(([f]) => present.includes(f)) as [string, LinkSpec][];
  // Rows without link rows go in as one statement with one parameter (SQLite: a JSON array, PostgreSQL: COPY);
  // with links, a VALUES list whose returned ids pair with its rows, with room for the columns a create adds
  // (tenant, organisation, times, defaults).
  const bulk = links.length === 0;
  const size = bulk
    ? Math.max(1, inputs.length)
    : Math.max(1, Math.min(1_000, Math.floor(INSERT_PARAMS / (storedFields.length + 16))));
  const build = async (input: Record<string, unknown>) => {
    const row: Record<string, unknown> = { ...spec.fixed, createTime: now, updateTime: now };
    // The columns the file names, in store form; absent ones keep their column default (null, or 0 for flags),
    // which is what a create through the form stores for them.
    for (const f of storedFields) row[f] = valueToStore(fields[f]!, input[f], tz, json.has(f));
    if (table.scope !== 'platform') row.tenantId = tenantOf(caller);
    if (table.scope === 'org' && table.orgColumn !== 'id') row[table.orgColumn ?? 'orgId'] = org;
    if (table.beforeCreate) await table.beforeCreate(row, input, ctx);
    return row;
  };
  try {
    // One chunk's rows at a time; multi-row INSERTs compiled here, as the query builder's tree of one node per
    // value costs more than the insert itself.
    for (let start = 0; start < inputs.length; start += size) {
      const part = await Promise.all(inputs.slice(start, start + size).map(build));
      const names = [...new Set(part.flatMap((row) => Object.keys(row)))];
      const columns = `insert into ${quote(snake(table.table))} (${names.map((n) => quote(snake(n))).join(', ')})`;
      const value = (v: unknown) => (v === undefined ? null : typeof v === 'boolean' ? Number(v) : v);
      let query: CompiledQuery;
      if (bulk && dialect === 'sqlite') {
        // One JSON parameter unpacked by SQLite: a statement of a few columns to prepare instead of one with
        // thousands of parameters, each bound on its own (SQLite prepares every statement anew here).
        const picks = names.map((_, i) => `value ->> ${i}`).join(', ');
        const rows = JSON.stringify(part.map((row) => names.map((n) => value(row[n]))));
        query = CompiledQuery.raw(`${columns} select ${picks} from json_each(?)`, [rows]);
      } else if (bulk) {
        // PostgreSQL: COPY, the rows in its text format (db/postgres-copy.ts), inside this transaction: less for
        // it to parse than a VALUES list of thousands of parameters or a JSON document for json_to_recordset.
        const list = names.map((n) => quote(snake(n))).join(', ');
        const rows = copyRows(part.map((row) => names.map((n) => value(row[n]))));
        query = CompiledQuery.raw(`copy ${quote(snake(table.table))} (${list}) from stdin`, [rows]);
      } else {
        const params: unknown[] = [];
        const tuples = part.map((row) => {
          const marks = names.map((n) => {
            params.push(value(row[n]));
            return dialect === 'postgres' ? `$${params.length}` : '?';
          });
          return `(${marks.join(', ')})`;
        });
        // `returning id` in the order of the tuples: the link rows below pair them by position.
        query = CompiledQuery.raw(`${columns} values ${tuples.join(', ')} returning id`, params);
      }
      const result = await trx.executeQuery<{ id: number }>(query);
      for (const [field, link] of links) {
        const pairs = result.rows.flatMap((r, k) =>
          ((inputs[start + k]![field] as number[] | undefined) ?? []).map((other) => ({
            [link.ownKey]: Number(r.id),
            [link.otherKey]: other,
          })),
        );
        for (const p of chunks(pairs, 5_000)) if (p.length) await trx.insertInto(link.table).values(p).execute();
      }
    }
  } catch (err) {
    // A unique index refused a row another request stored meanwhile.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw new ImportFileError(409, 'conflict');
    throw err;
  }
}
