import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * OTA (entities/ota.ts, docs/decisions.md "OTA"): programs with their firmware's hashes, applications (each
 * approved one a company's quota: used and reserved burns counted on its row, under guarded updates), and one
 * burn row per gateway and transfer.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('otaPrograms'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('programName', 'varchar(100)', (c) => c.notNull())
    .addColumn('version', 'varchar(30)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('applyNumber', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remainingNumber', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('burningTimes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)')
    .addColumn('isEffective', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ownedCompanyId', 'integer', (c) => c.notNull())
    .addColumn('fileId', 'integer')
    .addColumn('fileName', 'varchar(200)')
    .addColumn('fileSize', 'integer')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('md5', 'varchar(32)')
    .addColumn('fileUrl', 'varchar(300)')
    .execute();
  await db.schema.createIndex('otaProgramsTenantId').on('otaPrograms').columns(['tenantId', 'id']).execute();
  await db.schema
    .createIndex('otaProgramsTenantVersion')
    .on('otaPrograms')
    .columns(['tenantId', 'programName', 'version'])
    .unique()
    .execute();

  await withTimes(withTenant(withId(db.schema.createTable('otaApplications'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('programId', 'integer', (c) => c.notNull().references('otaPrograms.id').onDelete('cascade'))
    .addColumn('applyNumber', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer')
    .addColumn('ownedCompanyId', 'integer')
    .addColumn('applicantId', 'integer')
    .addColumn('applicantAccount', 'varchar(50)')
    .addColumn('applicantName', 'varchar(50)')
    .addColumn('applicationTime', 'bigint')
    .addColumn('approvalStatus', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('approverAccount', 'varchar(50)')
    .addColumn('approverName', 'varchar(50)')
    .addColumn('approverTime', 'bigint')
    .addColumn('rejectPeople', 'varchar(50)')
    .addColumn('rejectReason', 'varchar(200)')
    .addColumn('rejectTime', 'bigint')
    .addColumn('endTime', 'bigint')
    .addColumn('usedNumber', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reservedNumber', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('otaApplicationsTenantId').on('otaApplications').columns(['tenantId', 'id']).execute();
  await db.schema
    .createIndex('otaApplicationsQuota')
    .on('otaApplications')
    .columns(['programId', 'companyId', 'approvalStatus'])
    .execute();

  await withTimes(withTenant(withId(db.schema.createTable('otaBurns'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('programId', 'integer', (c) => c.notNull().references('otaPrograms.id').onDelete('cascade'))
    .addColumn('applicationId', 'integer', (c) => c.notNull())
    .addColumn('dtu', 'varchar(11)', (c) => c.notNull())
    .addColumn('transferId', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(200)')
    .addColumn('startedBy', 'varchar(50)')
    .addColumn('finishTime', 'bigint')
    .execute();
  await db.schema.createIndex('otaBurnsTenantId').on('otaBurns').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('otaBurnsTransfer').on('otaBurns').column('transferId').unique().execute();
  await db.schema.createIndex('otaBurnsDtu').on('otaBurns').columns(['dtu', 'state']).execute();
}
