import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { DIALECTS, PG_URL, pgSchemaUrl } from '../support/server.js';

/**
 * Servers (and test suites) sharing one PostgreSQL database, each in its own schema: one schema dropped while
 * another store migrates or looks at its tables must not fail the other (it did, with "schema … does not exist",
 * when the migrator's introspection read every schema of the database).
 */
describe.runIf(DIALECTS.includes('postgres'))('a store in one schema of a shared PostgreSQL database', () => {
  let store: Store;
  let drop: () => Promise<void>;
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-shared-db-'));

  beforeAll(async () => {
    const schema = await pgSchemaUrl();
    drop = schema.drop;
    store = openStore({ databaseUrl: schema.url, sqliteFile: join(dir, 'unused.db'), poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates and introspects while other schemas are created and dropped around it', async () => {
    const churn = new pg.Client({ connectionString: PG_URL });
    await churn.connect();
    let stop = false;
    let dropped = 0;
    const others = (async () => {
      while (!stop) {
        const name = `churn_${process.pid}_${dropped}`;
        await churn.query(`create schema ${name}`);
        await churn.query(`create table ${name}.t (id serial primary key, a text, b text, c text)`);
        await churn.query(`drop schema ${name} cascade`);
        dropped += 1;
      }
    })();
    try {
      const applied = await migrate(store);
      expect(applied).toContain('016_maintenance');
      // keep looking while the churn goes on, until a good number of schemas came and went meanwhile
      let looks = 0;
      const from = dropped;
      while (dropped < from + 50 || looks < 50) {
        const tables = await store.db.introspection.getTables();
        expect(tables.every((t) => t.schema === tables[0]!.schema)).toBe(true);
        expect(tables.map((t) => t.name)).toContain('users');
        looks += 1;
      }
      expect(looks).toBeGreaterThanOrEqual(50);
    } finally {
      stop = true;
      await others;
      await churn.end();
    }
  });
});
