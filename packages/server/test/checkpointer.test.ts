import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../src/db/database.js';

const dir = mkdtempSync(join(tmpdir(), 'liftcloud-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite checkpoints off the event loop', () => {
  it('the server connection never checkpoints, and the worker copies committed pages into the file', async () => {
    const file = join(dir, 'store.db');
    const store = openStore({ sqliteFile: file });
    const { rows } = await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(store.db);
    expect(Object.values(rows[0]!)).toEqual([0]);
    await sql`create table blobs (id integer primary key, data blob)`.execute(store.db);
    const before = statSync(file).size;
    const chunk = Buffer.alloc(64 * 1024, 7);
    // 6 MB committed: past the 1,000 pages at which SQLite would checkpoint inside this commit by default
    await store.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 96; i++) await sql`insert into blobs (data) values (${chunk})`.execute(trx);
    });
    await expect.poll(() => statSync(file).size).toBeGreaterThan(before + 6_000_000);
    await store.close();
  });

  it('closing the store finishes in a process with nothing else to do, and the code after it runs', () => {
    // in a process of its own: the test runner keeps its own loop alive, which hid the bug
    const database = new URL('../src/db/database.ts', import.meta.url).href;
    const script = `
      const { openStore } = await import(${JSON.stringify(database)});
      const store = openStore({ sqliteFile: ${JSON.stringify(join(dir, 'alone.db'))} });
      await store.close();
      console.log('after close');
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('after close');
  });
});
