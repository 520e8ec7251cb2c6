import { CamelCasePlugin, sql } from 'kysely';
import type { Store } from '../../packages/server/src/db/database.js';

/** A column as the migrated store declares it, read back from the store itself. */
export interface StoredColumn {
  /** integer, bigint, real or text: what both dialects agree a value is. */
  family: 'integer' | 'bigint' | 'real' | 'text' | 'other';
  /** The declared length of a varchar; null for unbounded text (and for non-text columns). */
  length: number | null;
  nullable: boolean;
  hasDefault: boolean;
  /** As the store names it, for messages: `varchar(50)`, `character varying`, `bigint`. */
  declared: string;
}

/** Table name → column name (snake_case, as stored) → column. */
export type StoreColumns = Map<string, Map<string, StoredColumn>>;

class Names extends CamelCasePlugin {
  /** The store's name for a name in code, exactly as the store's CamelCasePlugin writes it. */
  stored(name: string): string {
    return this.snakeCase(name);
  }
}
const names = new Names();
export const storedName = (name: string): string => names.stored(name);

function family(type: string): StoredColumn['family'] {
  const t = type.toLowerCase();
  if (t === 'bigint' || t === 'int8') return 'bigint';
  if (/^(integer|int|int4|smallint|serial)$/.test(t)) return 'integer';
  if (/^(double precision|real|float|float8|numeric)/.test(t)) return 'real';
  if (/^(varchar|character varying|text|char)/.test(t)) return 'text';
  return 'other';
}

/** Every column of every table: information_schema on PostgreSQL, the declared types (table_info) on SQLite. */
export async function storeColumns(store: Store): Promise<StoreColumns> {
  const out: StoreColumns = new Map();
  const add = (table: string, column: string, c: StoredColumn) => {
    if (!out.has(table)) out.set(table, new Map());
    out.get(table)!.set(column, c);
  };
  if (store.dialect === 'postgres') {
    const rows = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      character_maximum_length: number | null;
      is_nullable: string;
      column_default: string | null;
    }>`select table_name, column_name, data_type, character_maximum_length, is_nullable, column_default
       from information_schema.columns where table_schema = current_schema()`.execute(store.db.withoutPlugins());
    for (const r of rows.rows)
      add(r.table_name, r.column_name, {
        family: family(r.data_type),
        length: r.character_maximum_length,
        nullable: r.is_nullable === 'YES',
        hasDefault: r.column_default !== null,
        declared: r.character_maximum_length ? `${r.data_type}(${r.character_maximum_length})` : r.data_type,
      });
    return out;
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
    store.db.withoutPlugins(),
  );
  for (const { name } of tables.rows) {
    const columns = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`select * from pragma_table_info(${name})`.execute(store.db.withoutPlugins());
    for (const c of columns.rows) {
      // SQLite keeps the declared type as written (varchar(50)) without enforcing it: the length is read from it
      const length = /\((\d+)\)/.exec(c.type)?.[1];
      add(name, c.name, {
        family: family(c.type.replace(/\(.*$/, '')),
        length: length ? Number(length) : null,
        nullable: c.notnull === 0 && c.pk === 0,
        hasDefault: c.dflt_value !== null,
        declared: c.type,
      });
    }
  }
  return out;
}
