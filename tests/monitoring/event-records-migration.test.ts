import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import * as m001 from '../../packages/server/src/db/migrations/001_platform.js';
import * as m002 from '../../packages/server/src/db/migrations/002_registry.js';
import * as m003 from '../../packages/server/src/db/migrations/003_monitoring.js';
import * as m004 from '../../packages/server/src/db/migrations/004_commands.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { DIALECTS, pgSchemaUrl } from '../support/server.js';

/** A store as it stood before 005: calls kept as event records, hazards only as a code on a fault. */
async function storeAt004(store: Store): Promise<void> {
  const steps = { '001_platform': m001, '002_registry': m002, '003_monitoring': m003, '004_commands': m004 };
  const migrations: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(steps))
    migrations[name] = { up: (db: Kysely<unknown>) => m.up({ db, dialect: store.dialect }) };
  // As db/migrate.ts does: name this schema, or Kysely finds another schema's bookkeeping tables.
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

describe.each(DIALECTS)('migration 005 on %s', (dialect) => {
  let store: Store;
  let dir: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftcloud-005-'));
    const pg = dialect === 'postgres' ? await pgSchemaUrl() : null;
    drop = pg?.drop;
    store = openStore({ databaseUrl: pg?.url, sqliteFile: join(dir, 'liftcloud.db'), poolSize: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves stored calls to the call records and turns faults with a hazard code into hazard records', async () => {
    await storeAt004(store);
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
    await db
      .insertInto('eventRecords')
      .values([
        {
          ...base,
          msgId: 'c1',
          kind: 'call',
          eventTime: 1000,
          detail: JSON.stringify({ durationSeconds: 30, phone: '13800009999' }),
        },
        { ...base, msgId: 'c2', kind: 'call', eventTime: 2000, detail: 'not json' },
        { ...base, msgId: 'p1', kind: 'powerDown', eventTime: 3000, detail: '{}' },
      ])
      .execute();
    const fault = await db
      .insertInto('faultRecords')
      .values([
        { ...base, msgId: 'f1', faultNo: 'E30', faultTime: 4000, hazardCode: 'H09' },
        { ...base, msgId: 'f2', faultNo: 'E31', faultTime: 5000, hazardCode: null },
      ])
      .returning('id')
      .execute();

    expect(await migrate(store)).toContain('005_event_records');

    const calls = await db.selectFrom('callRecords').selectAll().orderBy('msgId').execute();
    expect(calls.map((c) => [c.msgId, Number(c.callTime), c.durationSeconds, c.phone])).toEqual([
      ['c1', 1000, 30, '13800009999'],
      ['c2', 2000, null, null],
    ]);
    const events = await db.selectFrom('eventRecords').select('kind').execute();
    expect(events.map((e) => e.kind)).toEqual(['powerDown']);
    const hazards = await db.selectFrom('hazardRecords').selectAll().execute();
    expect(hazards).toHaveLength(1);
    expect(hazards[0]).toMatchObject({ code: 'H09', faultNo: 'E30', msgId: 'f1', faultRecordId: fault[0]!.id });
    expect(Number(hazards[0]!.hazardTime)).toBe(4000);
  });
});
