import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { pgSchemaUrl, type TestDialect } from './server.js';

/** One migrated store (a SQLite file or a fresh PostgreSQL schema) that several "instances" open side by side. */
export interface SharedStore {
  dialect: TestDialect;
  /** A new connection to the same store, as another server instance would hold. */
  open(): Store;
  close(): Promise<void>;
}

export async function sharedStore(dialect: TestDialect): Promise<SharedStore> {
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-shared-'));
  const pg = dialect === 'postgres' ? await pgSchemaUrl() : null;
  const opened: Store[] = [];
  const open = () => {
    const store = openStore({ databaseUrl: pg?.url, sqliteFile: join(dir, 'liftcloud.db'), poolSize: 2 });
    opened.push(store);
    return store;
  };
  await migrate(open());
  return {
    dialect,
    open,
    async close() {
      for (const store of opened) await store.close();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
