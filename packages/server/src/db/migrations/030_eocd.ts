import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

/**
 * EOCD (entities/eocd.ts): thresholds per company and speed, collection settings and the elevators each
 * covers, the runs gateways upload with their metrics, and the runs' raw samples, kept apart (a bounded time,
 * jobs/eocd-samples-sweep.ts) so reading a list of runs never reads them.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const limit = (name: string) => (tb: ReturnType<typeof db.schema.createTable>) =>
    tb.addColumn(name, 'double precision', (c) => c.notNull());
  let thresholds = withTimes(withTenant(withId(db.schema.createTable('eocdThresholds'), dialect)))
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('speed', 'double precision', (c) => c.notNull());
  for (const f of [
    'isoHorizontalPeakToPeak',
    'isoVerticalPeakToPeak',
    'isoHorizontalA95',
    'isoVerticalA95',
    'lowPassHorizontal',
    'lowPassVertical',
    'lowPassHz',
  ])
    thresholds = limit(f)(thresholds);
  await thresholds.execute();
  await db.schema
    .createIndex('eocdThresholdsCompanySpeed')
    .on('eocdThresholds')
    .columns(['tenantId', 'companyId', 'speed'])
    .execute();
  await db.schema.createIndex('eocdThresholdsTenantId').on('eocdThresholds').columns(['tenantId', 'id']).execute();

  await withTimes(withTenant(withId(db.schema.createTable('eocdSettings'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('collectSeconds', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('calibration', 'integer')
    .addColumn('autoAcquisition', 'integer')
    .addColumn('autoCycleMinutes', 'integer')
    .addColumn('doorAcquisition', 'integer')
    .addColumn('doorCycleMinutes', 'integer')
    .addColumn('alarmFileUpload', 'integer')
    .addColumn('safetyHazard', 'integer')
    .addColumn('note', 'varchar(200)')
    .execute();
  await db.schema
    .createTable('eocdSettingElevators')
    .addColumn('settingId', 'integer', (c) => c.notNull().references('eocdSettings.id').onDelete('cascade'))
    .addColumn('elevatorId', 'integer', (c) => c.notNull().references('elevators.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('eocd_setting_elevators_pk', ['settingId', 'elevatorId'])
    .execute();
  await db.schema.createIndex('eocdSettingsTenantId').on('eocdSettings').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('eocdSettingsTenantOrg').on('eocdSettings').columns(['tenantId', 'orgId']).execute();
  await db.schema.createIndex('eocdSettingElevatorsElevator').on('eocdSettingElevators').column('elevatorId').execute();

  await withTenant(withTimes(withId(db.schema.createTable('eocdRuns'), dialect)))
    .addColumn('orgId', 'integer')
    .addColumn('elevatorId', 'integer', (c) => c.notNull())
    .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
    .addColumn('msgId', 'varchar(64)', (c) => c.notNull())
    .addColumn('runTime', 'bigint', (c) => c.notNull())
    .addColumn('sampleRate', 'integer', (c) => c.notNull())
    .addColumn('sampleCount', 'integer', (c) => c.notNull())
    .addColumn('startFloor', 'integer')
    .addColumn('endFloor', 'integer')
    .addColumn('isoHorizontalPeakToPeak', 'double precision')
    .addColumn('isoVerticalPeakToPeak', 'double precision')
    .addColumn('isoHorizontalA95', 'double precision')
    .addColumn('isoVerticalA95', 'double precision')
    .addColumn('lowPassHorizontal', 'double precision')
    .addColumn('lowPassVertical', 'double precision')
    .addColumn('lowPassHz', 'double precision')
    .addColumn('thresholdId', 'integer')
    .addColumn('overLimit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('samplesKept', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('eocdRuns_message', ['dtuCode', 'msgId'])
    .execute();
  await db.schema.createIndex('eocdRunsTenantId').on('eocdRuns').columns(['tenantId', 'id']).execute();
  await db.schema.createIndex('eocdRunsTenantOrg').on('eocdRuns').columns(['tenantId', 'orgId']).execute();
  await db.schema.createIndex('eocdRunsElevator').on('eocdRuns').columns(['elevatorId', 'runTime']).execute();

  // The packed samples as the gateway sent them (6 bytes an instant), until keepUntil.
  await db.schema
    .createTable('eocdSamples')
    .addColumn('runId', 'integer', (c) => c.primaryKey().references('eocdRuns.id').onDelete('cascade'))
    .addColumn('scale', 'double precision', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('keepUntil', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('eocdSamplesKeepUntil').on('eocdSamples').column('keepUntil').execute();
}
