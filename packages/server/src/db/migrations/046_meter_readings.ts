import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * Electricity meter readings (issue 17, docs/gateway-protocol.md `meter`): one row per reading a gateway sent,
 * the meter's cumulative kWh at `readTime`. Consumption is the difference of consecutive readings of one meter
 * (services/electricity.ts), so the rows are read by (elevator, meter, time); a resent message is stored once.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  await withTimes(withTenant(withId(db.schema.createTable('meterReadings'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('dtuCode', 'varchar(20)', (c) => c.notNull())
    .addColumn('msgId', 'varchar(64)', (c) => c.notNull())
    .addColumn('gwSn', 'varchar(50)', (c) => c.notNull())
    .addColumn('dbNo', 'varchar(50)')
    .addColumn('kwh', 'double precision', (c) => c.notNull())
    .addColumn('voltage', 'double precision')
    .addColumn('current', 'double precision')
    .addColumn('power', 'double precision')
    .addColumn('readTime', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('meterReadingsMessage')
    .on('meterReadings')
    .columns(['dtuCode', 'msgId'])
    .unique()
    .execute();
  await db.schema
    .createIndex('meterReadingsElevatorTime')
    .on('meterReadings')
    .columns(['tenantId', 'elevatorId', 'gwSn', 'readTime'])
    .execute();
}
