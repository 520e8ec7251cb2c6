import type { MigrationContext } from './helpers.js';
import { withId, withTenant } from './helpers.js';

/**
 * Every kept file: its owner record (entity name and id; no id yet for an image uploaded before the form that
 * names it is saved), what it is, its hashes and who sent it, and where its bytes are in the file store. A
 * file is never changed once kept, so it has a creation time only. `publicKey` is set only on branding images,
 * the one kind served without a login (by that unguessable key).
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTenant(withId(db.schema.createTable('files'), dialect))
    .addColumn('ownerEntity', 'varchar(50)', (c) => c.notNull())
    .addColumn('ownerId', 'integer')
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('contentType', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)')
    .addColumn('uploaderId', 'integer')
    .addColumn('uploaderName', 'varchar(50)')
    .addColumn('createTime', 'bigint', (c) => c.notNull())
    .addColumn('storageKey', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('publicKey', 'varchar(64)', (c) => c.unique())
    .execute();
  await db.schema.createIndex('filesOwner').on('files').columns(['ownerEntity', 'ownerId', 'id']).execute();
  await db.schema.createIndex('filesTenantId').on('files').columns(['tenantId', 'id']).execute();
}
