import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { verifyPassword } from '../../packages/server/src/services/secrets.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Every value of a row, as text. */
const valuesOf = (row: object) => Object.values(row).map((v) => String(v));

describe.each(DIALECTS)('secrets at rest on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  it('keeps only a hash of the per-session IM password', async () => {
    const client = await s.login('companyadmin');
    const answer = client.session.get()!;
    expect(answer.imPassword.length).toBeGreaterThanOrEqual(16);
    const rows = await s.store.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(valuesOf(row)).not.toContain(answer.imPassword);
    const mine = rows.find((r) => valuesOf(r).includes(sha256(answer.imPassword)));
    expect(mine).toBeDefined();
  });

  it('keeps SMS codes salted and slow to try, not as SHA-256 over a million values', async () => {
    const phone = '13800000004';
    const anon = s.anonymous();
    const c = (await anon.auth.captcha()) as { key: string; answer: string };
    await anon.auth.sendSms({ phone, captchaKey: c.key, captchaCode: c.answer });
    const sent = await s.store.db
      .selectFrom('messageRecords')
      .select('content')
      .where('target', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(sent.content)![1]!;
    const row = await s.store.db
      .selectFrom('smsCodes')
      .selectAll()
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const stored = valuesOf(row);
    for (const unsalted of [code, sha256(code), sha256(`${phone}:${code}`)]) expect(stored).not.toContain(unsalted);
    // argon2id with a salt of its own: the stored value checks the code and carries its cost parameters
    expect(row.codeHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{16,}\$/);
    expect(await verifyPassword(row.codeHash, code)).toBe(true);
  });

  it('hashes each demo user’s password with a salt of its own', async () => {
    const users = await s.store.db.selectFrom('users').select(['username', 'passwordHash']).execute();
    expect(users.length).toBeGreaterThanOrEqual(9);
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(users.length);
  });
});

describe('the SQLite store file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'liftcloud-perm-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is readable by its owner only, with its journal, and in a private directory', async () => {
    const file = join(dir, 'data', 'liftcloud.db');
    const store = openStore({ sqliteFile: file });
    await migrate(store);
    await store.db.insertInto('jobLeases').values({ name: 'perm', nextDue: 1, failures: 0 }).execute();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    await store.close();
  });
});
