import type { CreateTableBuilder, Kysely } from 'kysely';

/** What each migration gets: the connection and which dialect it speaks, for the few types that differ. */
export interface MigrationContext {
  db: Kysely<unknown>;
  dialect: 'sqlite' | 'postgres';
}

// Kysely's builder types track the columns added; the migrations only need the chain to continue.
type Table = CreateTableBuilder<string, string>;

/** An auto-increment primary key in either dialect. */
export function withId(tb: Table, dialect: MigrationContext['dialect']): Table {
  return dialect === 'postgres'
    ? tb.addColumn('id', 'serial', (c) => c.primaryKey())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** createTime and updateTime in epoch milliseconds, on every row. */
export const withTimes = (tb: Table): Table =>
  tb.addColumn('createTime', 'bigint', (c) => c.notNull()).addColumn('updateTime', 'bigint', (c) => c.notNull());

export const withTenant = (tb: Table): Table =>
  tb.addColumn('tenantId', 'integer', (c) => c.notNull().references('tenants.id'));
