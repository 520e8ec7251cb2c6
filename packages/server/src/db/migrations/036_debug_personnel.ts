import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/** Debug personnel (client entities/debugPersonnel.ts): a user's debug level, password expiry and contracts. */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('debugPersonnel'), dialect)))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('debugLevel', 'integer', (c) => c.notNull())
    .addColumn('passwordExpiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('contractNos', 'varchar(500)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('debugPersonnelTenantId').on('debugPersonnel').columns(['tenantId', 'id']).execute();
  await db.schema
    .createIndex('debugPersonnelUser')
    .on('debugPersonnel')
    .columns(['tenantId', 'userId'])
    .unique()
    .execute();
}
