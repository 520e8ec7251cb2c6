import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Live monitoring: gateway credentials, the latest state of each elevator, fault, alarm and event
 * records, repair work orders with their people and timeline. Records from gateways carry the gateway's
 * message id: (dtu, message id) is unique, so a redelivered message is stored once.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const scoped = (name: string) => withTenant(withTimes(withId(db.schema.createTable(name), dialect)));

  await db.schema.alterTable('gatewayDevices').addColumn('secretHash', 'varchar(64)').execute();

  await db.schema
    .createTable('elevatorStates')
    .addColumn('elevatorId', 'integer', (c) => c.primaryKey().references('elevators.id').onDelete('cascade'))
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('floor', 'integer')
    .addColumn('direction', 'integer')
    .addColumn('door', 'integer')
    .addColumn('run', 'integer')
    .addColumn('flags', 'varchar(100)')
    .addColumn('updateTime', 'bigint', (c) => c.notNull())
    .execute();

  const fromGateway = (name: string) =>
    scoped(name)
      .addColumn('orgId', 'integer')
      .addColumn('elevatorId', 'integer', (c) => c.notNull())
      .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
      .addColumn('msgId', 'varchar(64)', (c) => c.notNull())
      .addUniqueConstraint(`${name}_message`, ['dtuCode', 'msgId']);

  await fromGateway('faultRecords')
    .addColumn('faultNo', 'varchar(16)', (c) => c.notNull())
    .addColumn('faultTime', 'bigint', (c) => c.notNull())
    .addColumn('mainBoardTime', 'bigint')
    .addColumn('faultStorey', 'integer')
    .addColumn('faultFloorCode', 'varchar(10)')
    .addColumn('hex', 'varchar(200)')
    .addColumn('hazardCode', 'varchar(16)')
    .execute();

  await fromGateway('alarmRecords')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('floor', 'integer')
    .addColumn('cleared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alarmTime', 'bigint', (c) => c.notNull())
    .addColumn('workOrderId', 'integer')
    .execute();

  await fromGateway('eventRecords')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('eventTime', 'bigint', (c) => c.notNull())
    .addColumn('detail', 'varchar(2000)')
    .execute();

  await scoped('workOrders')
    .addColumn('orgId', 'integer')
    .addColumn('workOrderNo', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('elevatorId', 'integer', (c) => c.notNull().references('elevators.id'))
    .addColumn('elevatorName', 'varchar(100)')
    .addColumn('address', 'varchar(200)')
    .addColumn('deviceCode', 'varchar(11)')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('recordState', 'integer', (c) => c.notNull())
    .addColumn('alarmTime', 'bigint', (c) => c.notNull())
    .addColumn('callTime', 'bigint')
    .addColumn('acceptorId', 'integer')
    .addColumn('repairMethod', 'integer')
    .addColumn('handling', 'varchar(1000)')
    .addColumn('faultReason', 'varchar(500)')
    .addColumn('contactPerson', 'varchar(50)')
    .addColumn('contactTel', 'varchar(20)')
    .addColumn('hasPeople', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revocationReason', 'varchar(500)')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secondAlarm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finishTime', 'bigint')
    .execute();

  await db.schema
    .createTable('workOrderPeople')
    .addColumn('workOrderId', 'integer', (c) => c.notNull().references('workOrders.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_order_people_pk', ['workOrderId', 'userId', 'role'])
    .execute();

  await withId(db.schema.createTable('workOrderLogs'), dialect)
    .addColumn('workOrderId', 'integer', (c) => c.notNull().references('workOrders.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('fromState', 'integer')
    .addColumn('toState', 'integer', (c) => c.notNull())
    .addColumn('userName', 'varchar(50)')
    .addColumn('note', 'varchar(500)')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();

  for (const name of ['faultRecords', 'alarmRecords', 'eventRecords', 'workOrders']) {
    await db.schema.createIndex(`${name}TenantId`).on(name).columns(['tenantId', 'id']).execute();
    await db.schema.createIndex(`${name}TenantOrg`).on(name).columns(['tenantId', 'orgId']).execute();
    await db.schema.createIndex(`${name}Elevator`).on(name).column('elevatorId').execute();
  }
  await db.schema.createIndex('workOrdersState').on('workOrders').columns(['tenantId', 'recordState']).execute();
  await db.schema.createIndex('workOrderLogsOrder').on('workOrderLogs').column('workOrderId').execute();
}
