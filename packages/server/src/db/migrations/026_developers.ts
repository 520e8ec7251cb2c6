import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Developer accounts (client entities/developer.ts) and what the signed open API keeps in the store so every
 * instance sees it: the nonces seen inside the replay window and the request count per appKey and minute.
 * The appSecret is kept only encrypted (AES-256-GCM, services/secret-box.ts); after a rotation the previous one
 * keeps working until previousSecretUntil.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('developers'), dialect)))
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('appKey', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('contact', 'varchar(50)')
    .addColumn('mobile', 'varchar(11)')
    .addColumn('address', 'varchar(200)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('auth', 'varchar(200)')
    .addColumn('type', 'integer')
    .addColumn('interfaceUrl', 'varchar(300)')
    .addColumn('alarmPushUrl', 'varchar(300)')
    .addColumn('alarmStatusPushUrl', 'varchar(300)')
    .addColumn('faultPushUrl', 'varchar(300)')
    .addColumn('eventPushUrl', 'varchar(300)')
    .addColumn('terminalStatusPushUrl', 'varchar(300)')
    .addColumn('subscribeAlarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribeRemoveAlarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribeRepealAlarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribeEvent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscribeFault', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secretEnc', 'varchar(200)')
    .addColumn('secretIssueTime', 'bigint')
    .addColumn('previousSecretEnc', 'varchar(200)')
    .addColumn('previousSecretUntil', 'bigint')
    .execute();
  await db.schema
    .createTable('developerUseUnits')
    .addColumn('developerId', 'integer', (c) => c.notNull().references('developers.id').onDelete('cascade'))
    .addColumn('useUnitId', 'integer', (c) => c.notNull().references('useUnits.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('developer_use_units_pk', ['developerId', 'useUnitId'])
    .execute();
  await db.schema.createIndex('developersTenantId').on('developers').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('developersTenantCode').on('developers').columns(['tenantId', 'code']).execute();
  await db.schema.createIndex('developerUseUnitsUnit').on('developerUseUnits').column('useUnitId').execute();

  await db.schema
    .createTable('openApiNonces')
    .addColumn('appKey', 'varchar(40)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('expireTime', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('open_api_nonces_pk', ['appKey', 'nonce'])
    .execute();
  await db.schema.createIndex('openApiNoncesExpire').on('openApiNonces').column('expireTime').execute();
  await db.schema
    .createTable('openApiRates')
    .addColumn('appKey', 'varchar(40)', (c) => c.notNull())
    .addColumn('windowStart', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('open_api_rates_pk', ['appKey', 'windowStart'])
    .execute();
}
