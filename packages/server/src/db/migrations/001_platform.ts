import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/** The platform spine: tenants, organisations, identity, sessions, logs, branding. */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const table = (name: string) => withTimes(withId(db.schema.createTable(name), dialect));
  const scopedTables: string[] = [];
  const scoped = (name: string) => {
    scopedTables.push(name);
    return withTenant(table(name));
  };

  await table('tenants')
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('initialCompanyId', 'integer')
    .execute();

  await scoped('companies')
    .addColumn('no', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('abbreviation', 'varchar(50)')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('parentId', 'integer', (c) => c.references('companies.id'))
    .addColumn('path', 'varchar(400)', (c) => c.notNull())
    .addColumn('externalNo', 'varchar(50)')
    .addColumn('brand', 'varchar(50)')
    .addColumn('contactPerson', 'varchar(50)')
    .addColumn('phone', 'varchar(11)')
    .addColumn('factoryNo', 'varchar(50)')
    .addColumn('dedicatedCode', 'varchar(50)')
    .addColumn('creditCode', 'varchar(18)')
    .addUniqueConstraint('companies_tenant_no', ['tenantId', 'no'])
    .execute();
  await db.schema.createIndex('companies_tenant_path').on('companies').columns(['tenantId', 'path']).execute();
  await db.schema.createIndex('companies_parent').on('companies').column('parentId').execute();

  await scoped('qualityBodies')
    .addColumn('no', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('region', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addUniqueConstraint('quality_bodies_tenant_no', ['tenantId', 'no'])
    .execute();

  await scoped('useUnits')
    .addColumn('orgId', 'integer', (c) => c.references('companies.id'))
    .addColumn('no', 'varchar(50)')
    .addColumn('creditCode', 'varchar(18)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)')
    .addColumn('propertyCompanyId', 'integer', (c) => c.references('companies.id'))
    .addColumn('region', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)')
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)')
    .addColumn('contactPhone', 'varchar(11)')
    .addColumn('owner', 'varchar(50)', (c) => c.notNull())
    .execute();

  await scoped('users')
    .addColumn('username', 'varchar(25)', (c) => c.notNull().unique())
    .addColumn('passwordHash', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('mail', 'varchar(100)')
    .addColumn('userType', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.references('companies.id'))
    .addColumn('branch', 'varchar(100)')
    .addColumn('area', 'varchar(100)')
    .addColumn('serviceStation', 'varchar(100)')
    .addColumn('maintainer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messageSendMethod', 'integer')
    .addColumn('smsRepair', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('smsAlarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('smsMaintenance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canChangePassword', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failedAttempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockedUntil', 'bigint')
    .addColumn('lastLoginTime', 'bigint')
    .execute();
  await db.schema.createIndex('users_company').on('users').column('companyId').execute();
  await db.schema.createIndex('users_phone').on('users').column('phone').execute();

  await scoped('roles')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('isDefault', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('companyId', 'integer', (c) => c.references('companies.id'))
    .addColumn('permissions', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('userRoles')
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('roleId', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['userId', 'roleId'])
    .execute();
  await db.schema.createIndex('user_roles_role').on('userRoles').column('roleId').execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('tokenHash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)')
    .addColumn('prefix', 'varchar(20)')
    .addColumn('imPassword', 'varchar(64)')
    .addColumn('createTime', 'bigint', (c) => c.notNull())
    .addColumn('updateTime', 'bigint', (c) => c.notNull())
    .addColumn('expireTime', 'bigint')
    .addColumn('lastUsedTime', 'bigint')
    .addColumn('revokeTime', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['userId', 'kind']).execute();

  await db.schema
    .createTable('captchas')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(64)', (c) => c.notNull())
    .addColumn('expireTime', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('smsCodes'), dialect)
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('codeHash', 'varchar(64)', (c) => c.notNull())
    .addColumn('createTime', 'bigint', (c) => c.notNull())
    .addColumn('expireTime', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usedTime', 'bigint')
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('smsCodes').columns(['phone', 'createTime']).execute();

  await scoped('announcements')
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publisher', 'varchar(50)')
    .addColumn('publishTime', 'bigint')
    .execute();

  await scoped('messageRecords')
    .addColumn('orgId', 'integer')
    .addColumn('referBizNo', 'varchar(50)')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('sendTime', 'bigint')
    .addColumn('status', 'integer', (c) => c.notNull())
    .execute();

  await scoped('loginLogs')
    .addColumn('orgId', 'integer')
    .addColumn('userName', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)')
    .addColumn('loginType', 'integer', (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('loginIp', 'varchar(64)', (c) => c.notNull())
    .addColumn('loginTime', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_logs_time').on('loginLogs').columns(['tenantId', 'loginTime']).execute();

  await scoped('operationLogs')
    .addColumn('orgId', 'integer')
    .addColumn('userName', 'varchar(50)', (c) => c.notNull())
    .addColumn('operateContent', 'varchar(1000)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('operateTime', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operation_logs_tenant')
    .on('operationLogs')
    .columns(['tenantId', 'operateTime'])
    .execute();

  await scoped('uiSettings')
    .addColumn('host', 'varchar(253)', (c) => c.notNull().unique())
    .addColumn('systemName', 'varchar(100)', (c) => c.notNull())
    .addColumn('faviconIcon', 'varchar(300)')
    .addColumn('logoLarge', 'varchar(300)')
    .addColumn('logoSmall', 'varchar(300)')
    .addColumn('appQrCode', 'varchar(300)')
    .addColumn('miniProgramQrCode', 'varchar(300)')
    .addColumn('homeBanner', 'varchar(300)')
    .addColumn('appBanners', 'varchar(2000)')
    .addColumn('companyId', 'integer')
    .execute();

  // Lists read newest first within a tenant: (tenant, id) lets a page stop after its rows instead of sorting all.
  for (const name of scopedTables)
    await db.schema.createIndex(`${name}TenantId`).on(name).columns(['tenantId', 'id']).execute();
  // Totals of an organisation's rows count from these alone (covering), without reading the rows.
  for (const [name, org] of [
    ['useUnits', 'orgId'],
    ['users', 'companyId'],
    ['roles', 'companyId'],
    ['messageRecords', 'orgId'],
    ['loginLogs', 'orgId'],
    ['operationLogs', 'orgId'],
  ] as const)
    await db.schema.createIndex(`${name}TenantOrg`).on(name).columns(['tenantId', org]).execute();
}
