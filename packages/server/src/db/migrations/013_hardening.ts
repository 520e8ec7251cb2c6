import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { withId, type MigrationContext } from './helpers.js';

interface Before {
  sessions: { id: number; imPassword: string | null; imPasswordHash: string | null };
}

/**
 * Issue 12 (hardening):
 * - sessions keep only the SHA-256 of the per-session IM password (it was stored as given);
 * - captchas and SMS codes remember the source (the client's address) they were issued to, so both can be
 *   limited per source, and SMS codes are kept as argon2id hashes (up to 128 characters); both tables hold
 *   only short-lived rows, so they are made again rather than altered;
 * - login_throttles counts failed logins per account and source, and remembers the sources an account last
 *   logged in from (services/login-policy.ts): guessing is slowed without locking the owner out.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('imPasswordHash', 'varchar(64)').execute();
  const before = db as unknown as Kysely<Before>;
  const rows = await before
    .selectFrom('sessions')
    .select(['id', 'imPassword'])
    .where('imPassword', 'is not', null)
    .execute();
  for (const row of rows)
    await before
      .updateTable('sessions')
      .set({ imPasswordHash: createHash('sha256').update(row.imPassword!).digest('hex') })
      .where('id', '=', row.id)
      .execute();
  await db.schema.alterTable('sessions').dropColumn('imPassword').execute();

  await db.schema.dropTable('captchas').execute();
  await db.schema
    .createTable('captchas')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('expireTime', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_source').on('captchas').columns(['source', 'expireTime']).execute();
  await db.schema.createIndex('captchas_expire').on('captchas').column('expireTime').execute();

  await db.schema.dropTable('smsCodes').execute();
  await withId(db.schema.createTable('smsCodes'), dialect)
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('codeHash', 'varchar(128)', (c) => c.notNull())
    .addColumn('createTime', 'bigint', (c) => c.notNull())
    .addColumn('expireTime', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usedTime', 'bigint')
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('smsCodes').columns(['phone', 'createTime']).execute();
  await db.schema.createIndex('sms_codes_source').on('smsCodes').columns(['source', 'createTime']).execute();

  await db.schema
    .createTable('loginThrottles')
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastFailureTime', 'bigint')
    .addColumn('nextAttemptTime', 'bigint')
    .addColumn('lastSuccessTime', 'bigint')
    .addPrimaryKeyConstraint('login_throttles_pk', ['userId', 'source'])
    .execute();
}
