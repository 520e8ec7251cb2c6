import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './database.js';
import * as m001 from './migrations/001_platform.js';
import * as m002 from './migrations/002_registry.js';
import * as m003 from './migrations/003_monitoring.js';
import * as m004 from './migrations/004_commands.js';
import * as m005 from './migrations/005_event_records.js';
import * as m006 from './migrations/006_push_stats.js';
import * as m007 from './migrations/007_gateway_tests.js';
import * as m008 from './migrations/008_share_links.js';
import * as m009 from './migrations/009_record_time_indexes.js';
import * as m010 from './migrations/010_gateway_test_lease.js';
import * as m011 from './migrations/011_job_leases.js';
import * as m012 from './migrations/012_files.js';
import * as m013 from './migrations/013_hardening.js';
import * as m016 from './migrations/016_maintenance.js';
import * as m020 from './migrations/020_contracts.js';
import * as m021 from './migrations/021_inspections.js';
import * as m022 from './migrations/022_safety_checks.js';
import * as m023 from './migrations/023_mod_sales_orders.js';
import * as m024 from './migrations/024_ota.js';
import * as m026 from './migrations/026_developers.js';
import * as m027 from './migrations/027_webhooks.js';
import * as m028 from './migrations/028_supervision.js';
import * as m030 from './migrations/030_eocd.js';
import * as m031 from './migrations/031_work_order_flags.js';
import * as m039 from './migrations/039_potential_faults.js';
import * as m035 from './migrations/035_notifications.js';
import * as m032 from './migrations/032_old_maintenance_orders.js';
import * as m036 from './migrations/036_debug_personnel.js';
import * as m033 from './migrations/033_ota_transfer.js';
import * as m037 from './migrations/037_statistics_indexes.js';
import * as m045 from './migrations/045_spec_fields.js';
import * as m051 from './migrations/051_lift_calls.js';
import * as m046 from './migrations/046_meter_readings.js';
import * as m055 from './migrations/055_webhook_pending_index.js';
import * as m052 from './migrations/052_eocd_samples_encoding.js';
import type { MigrationContext } from './migrations/helpers.js';

/** Versioned migrations, in order. A new one is a new file here; a landed one is never edited. */
export const MIGRATIONS: Record<string, { up(ctx: MigrationContext): Promise<void> }> = {
  '001_platform': m001,
  '002_registry': m002,
  '003_monitoring': m003,
  '004_commands': m004,
  '005_event_records': m005,
  '006_push_stats': m006,
  '007_gateway_tests': m007,
  '008_share_links': m008,
  '009_record_time_indexes': m009,
  '010_gateway_test_lease': m010,
  '011_job_leases': m011,
  '012_files': m012,
  '013_hardening': m013,
  '016_maintenance': m016,
  '020_contracts': m020,
  '021_inspections': m021,
  '022_safety_checks': m022,
  '023_mod_sales_orders': m023,
  '024_ota': m024,
  '026_developers': m026,
  '027_webhooks': m027,
  '028_supervision': m028,
  '030_eocd': m030,
  '031_work_order_flags': m031,
  '039_potential_faults': m039,
  '035_notifications': m035,
  '032_old_maintenance_orders': m032,
  '036_debug_personnel': m036,
  '033_ota_transfer': m033,
  '037_statistics_indexes': m037,
  '045_spec_fields': m045,
  '051_lift_calls': m051,
  '046_meter_readings': m046,
  '055_webhook_pending_index': m055,
  '052_eocd_samples_encoding': m052,
};

class CodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Store['dialect']) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS))
      out[name] = { up: (db: Kysely<unknown>) => m.up({ db, dialect: this.dialect }) };
    return out;
  }
}

/** Bring the store up to the latest version; runs at every start. */
export async function migrate(store: Store): Promise<string[]> {
  // Kysely looks for its bookkeeping tables by name across schemas; name ours, or another schema's would do.
  const schema =
    store.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: store.db,
    provider: new CodeMigrations(store.dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
