import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, type Store } from '../../packages/server/src/db/database.js';

/**
 * A benchmark's own store: a temporary SQLite file, or a fresh schema in the PostgreSQL of DATABASE_URL.
 * `dispose` closes it and removes the file or the schema. `sqliteFile` and `databaseUrl` let another process open
 * the same store (bench/lib/app-process.ts).
 */
export async function benchStore(
  name: string,
): Promise<{ store: Store; dispose: () => Promise<void>; sqliteFile: string; databaseUrl?: string }> {
  const dir = mkdtempSync(join(tmpdir(), `liftcloud-${name}-`));
  const base = process.env.DATABASE_URL;
  const schema = base ? `${name}_${process.pid}` : null;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const databaseUrl =
    base && schema
      ? `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
      : undefined;
  const sqliteFile = join(dir, 'bench.db');
  const store = openStore({ databaseUrl, sqliteFile });
  return {
    store,
    sqliteFile,
    databaseUrl,
    dispose: async () => {
      await store.close();
      if (schema) await admin(`drop schema ${schema} cascade`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
