import Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { startCheckpointer } from './checkpointer.js';
import { StorePostgresDialect } from './current-schema-introspector.js';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type { DB } from './tables.js';
import { WriteTracker } from './write-tracker.js';
import { acceptCopyFromStdin } from './postgres-copy.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * The PostgreSQL driver, loaded only when the store is PostgreSQL (a SQLite start does not pay for it); it is
 * CommonJS, so it loads synchronously where openStore needs it.
 */
function postgresDriver(): typeof import('pg') {
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  // int8 (counts, epoch milliseconds) as numbers: every value we keep fits in 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  return pg;
}

/**
 * One query layer, two dialects: a SQLite file in WAL mode by default (checkpointed in a worker thread,
 * checkpointer.ts), PostgreSQL when a postgres:// URL is given. Column names are snake_case in the store and camelCase in code (CamelCasePlugin).
 */
export function openStore(opts: { databaseUrl?: string; sqliteFile: string; poolSize?: number }): Store {
  // The tracker runs first, so it sees table names as code writes them (camelCase).
  const plugins = [new WriteTracker(), new CamelCasePlugin()];
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pg = postgresDriver();
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    acceptCopyFromStdin(pool);
    const db = new Kysely<DB>({ dialect: new StorePostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  createPrivately(opts.sqliteFile);
  const sqlite = new Database(opts.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const checkpointer = startCheckpointer(sqlite, opts.sqliteFile);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: keptStatements(sqlite) }), plugins });
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await checkpointer.close();
      await db.destroy();
    },
  };
}

/** How many prepared statements the SQLite store keeps (the least recently used goes first). */
const KEPT_STATEMENTS = 1000;

/**
 * The SQLite database as Kysely's driver sees it, keeping its prepared statements by SQL text: the driver
 * prepares every query anew, which was the largest single cost of the fault ingest (issue 21, B1). SQLite
 * prepares a kept statement again by itself when the schema changes. A statement still stepping through an
 * iterate() (a streamed query) is never handed out twice: the second user gets a statement of its own.
 */
export function keptStatements(
  sqlite: Database.Database,
  size = KEPT_STATEMENTS,
): { prepare: (sql: string) => Database.Statement; close: () => void } {
  const kept = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      const found = kept.get(sql);
      if (found?.busy) return sqlite.prepare(sql);
      if (found) {
        kept.delete(sql);
        kept.set(sql, found);
        return found;
      }
      const statement = sqlite.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > size) kept.delete(kept.keys().next().value!);
      return statement;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
  };
}

/**
 * The store's file readable by its owner only (0600), in a directory made 0700 when it is new: it holds
 * password hashes, sessions and every tenant's records. SQLite gives its -wal and -shm files the database
 * file's permissions. A file made before (0644 from an older version) is narrowed at start.
 */
function createPrivately(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}
