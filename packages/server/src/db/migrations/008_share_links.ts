import type { MigrationContext } from './helpers.js';

/**
 * Secrets the server makes for itself, shared by every instance on one PostgreSQL (the share-link signing
 * key when there is no DATA_DIR file to keep it in).
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('serverSecrets')
    .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('createTime', 'bigint', (c) => c.notNull())
    .execute();
}
