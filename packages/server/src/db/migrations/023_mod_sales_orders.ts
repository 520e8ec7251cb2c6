import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/** Modernisation sales orders (entities/modSalesOrder.ts), their elevators, and the key of each scheme's link. */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('modSalesOrders'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('salesOrderNo', 'varchar(30)', (c) => c.notNull())
    .addColumn('customerName', 'varchar(100)', (c) => c.notNull())
    .addColumn('contactPerson', 'varchar(50)')
    .addColumn('contactPhone', 'varchar(11)')
    .addColumn('useUnitId', 'integer')
    .addColumn('schemeTitle', 'varchar(100)', (c) => c.notNull())
    .addColumn('schemeItems', 'varchar(4000)')
    .addColumn('totalPrice', 'double precision')
    .addColumn('validUntil', 'varchar(10)')
    .addColumn('salesman', 'varchar(50)')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('schemeKey', 'varchar(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('modSalesOrderElevators')
    .addColumn('orderId', 'integer', (c) => c.notNull().references('modSalesOrders.id').onDelete('cascade'))
    .addColumn('elevatorId', 'integer', (c) => c.notNull().references('elevators.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('mod_sales_order_elevators_pk', ['orderId', 'elevatorId'])
    .execute();
  await db.schema.createIndex('modSalesOrdersTenantId').on('modSalesOrders').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('modSalesOrdersTenantOrg').on('modSalesOrders').columns(['tenantId', 'orgId']).execute();
  await db.schema.createIndex('modSalesOrdersNo').on('modSalesOrders').column('salesOrderNo').execute();
}
