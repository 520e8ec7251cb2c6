import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../packages/server/src/db/database.js';
import { MIGRATIONS, migrate } from '../../packages/server/src/db/migrate.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { DIALECTS, pgSchemaUrl } from '../support/server.js';

/** A store as it stood before 045: a run's figures only in its detail. */
async function storeBefore045(store: Store): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(MIGRATIONS))
    if (name < '045') migrations[name] = { up: (db: Kysely<unknown>) => m.up({ db, dialect: store.dialect }) };
  const schema =
    store.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]?.schema
      : undefined;
  const { error } = await new Migrator({
    db: store.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateToLatest();
  if (error) throw error;
}

describe.each(DIALECTS)('migration 045 on %s', (dialect) => {
  let store: Store;
  let dir: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftcloud-045-'));
    const pg = dialect === 'postgres' ? await pgSchemaUrl() : null;
    drop = pg?.drop;
    store = openStore({ databaseUrl: pg?.url, sqliteFile: join(dir, 'liftcloud.db'), poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills the run fields of the runs stored before from their detail, and leaves other events empty', async () => {
    await storeBefore045(store);
    const db = store.db as unknown as Kysely<LooseDB>;
    const tenant = await db
      .insertInto('tenants')
      .values({ name: 'Old data', status: 1, createTime: 1, updateTime: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      tenantId: tenant.id,
      orgId: null,
      elevatorId: 7,
      dtuCode: '86100000099',
      createTime: 5,
      updateTime: 5,
    };
    const run = { startFloor: 3, endFloor: -1, distance: 12.8, maxSpeed: 1.5, acceleration: 0.7, jerk: 1.2 };
    await db
      .insertInto('eventRecords')
      .values([
        { ...base, msgId: 'r1', kind: 'run', eventTime: 1000, detail: JSON.stringify(run) },
        { ...base, msgId: 'r2', kind: 'run', eventTime: 2000, detail: 'not json' },
        { ...base, msgId: 'r3', kind: 'run', eventTime: 2500, detail: JSON.stringify({ startFloor: 4 }) },
        { ...base, msgId: 'p1', kind: 'powerDown', eventTime: 3000, detail: JSON.stringify({ startFloor: 9 }) },
      ])
      .execute();

    // 045 and whatever came after it (later migrations run too; 045 is the one under test)
    expect((await migrate(store)).filter((name) => name <= '045_spec_fields')).toEqual(['045_spec_fields']);

    const rows = await db.selectFrom('eventRecords').selectAll().orderBy('msgId').execute();
    const fields = (r: Record<string, unknown>) =>
      ['startFloor', 'endFloor', 'distance', 'maxSpeed', 'acceleration', 'jerk'].map((f) =>
        r[f] === null ? null : Number(r[f]),
      );
    expect(rows.map((r) => [r.msgId, ...fields(r)])).toEqual([
      ['p1', null, null, null, null, null, null],
      ['r1', 3, -1, 12.8, 1.5, 0.7, 1.2],
      ['r2', null, null, null, null, null, null],
      ['r3', 4, null, null, null, null, null],
    ]);
  });
});
