import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Contracts (entities/contract.ts) and the elevators each covers. Dates are calendar dates (yyyy-MM-dd text), so
 * the expiry status compares them as text; state 1 valid, 2 voided (final).
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('contracts'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('contractNo', 'varchar(50)', (c) => c.notNull())
    .addColumn('source', 'integer')
    .addColumn('siteName', 'varchar(100)', (c) => c.notNull())
    .addColumn('useUnitId', 'integer')
    .addColumn('maintenanceCompanyId', 'integer')
    .addColumn('startDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('endDate', 'varchar(10)', (c) => c.notNull())
    .addColumn('price', 'double precision')
    .addColumn('packagingForm', 'integer')
    .addColumn('paymentMethod', 'integer')
    .addColumn('monthlyUnitPrice', 'double precision')
    .addColumn('agencyFee', 'double precision')
    .addColumn('subcontract', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('freePartsQuota', 'double precision')
    .addColumn('inspectionUndertaker', 'integer')
    .addColumn('speedLimiterTestFee', 'double precision')
    .addColumn('brakeTestFee', 'double precision')
    .addColumn('note', 'varchar(500)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('voidReason', 'varchar(200)')
    .addColumn('voidTime', 'bigint')
    .addColumn('voidedBy', 'varchar(50)')
    .execute();
  await db.schema
    .createTable('contractElevators')
    .addColumn('contractId', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('elevatorId', 'integer', (c) => c.notNull().references('elevators.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contract_elevators_pk', ['contractId', 'elevatorId'])
    .execute();
  await db.schema.createIndex('contractsTenantId').on('contracts').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('contractsTenantOrg').on('contracts').columns(['tenantId', 'orgId']).execute();
  await db.schema.createIndex('contractsTenantNo').on('contracts').columns(['tenantId', 'contractNo']).execute();
  await db.schema.createIndex('contractsTenantEnd').on('contracts').columns(['tenantId', 'endDate']).execute();
  await db.schema.createIndex('contractElevatorsElevator').on('contractElevators').column('elevatorId').execute();
}
