import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { newToken, sha256 } from '../services/secrets.js';
import type { LooseDB } from '../store/repository.js';

export interface FleetMember {
  dtu: string;
  secret: string;
}

/** DTU numbers of the demo fleet: 86199000001 onwards. */
const DEMO_DTU_BASE = 86_199_000_000;

/**
 * The demo fleet `npm start` runs: elevators in the demo tenant, each with a bound gateway. Existing ones are
 * reused; each start issues fresh secrets (only hashes are stored, so old ones cannot be read back).
 */
export async function provisionDemoFleet(db: Kysely<DB>, count: number): Promise<FleetMember[]> {
  const loose = db as unknown as Kysely<LooseDB>;
  const tenant = await loose
    .selectFrom('tenants')
    .select(['id', 'initialCompanyId'])
    .where('name', '=', 'Demo Elevator Group')
    .executeTakeFirst();
  if (!tenant) return [];
  const maintenance = await loose
    .selectFrom('companies')
    .select('id')
    .where('no', '=', 'DEG-MT')
    .where('tenantId', '=', tenant.id)
    .executeTakeFirst();
  const useUnit = await loose
    .selectFrom('useUnits')
    .select(['id', 'address'])
    .where('tenantId', '=', tenant.id)
    .orderBy('id')
    .executeTakeFirst();
  const members: FleetMember[] = [];
  const now = Date.now();
  for (let i = 1; i <= count; i++) {
    const dtu = String(DEMO_DTU_BASE + i);
    const secret = newToken('gw_');
    let gw = await loose
      .selectFrom('gatewayDevices')
      .select(['id', 'elevatorId'])
      .where('dtuCode', '=', dtu)
      .executeTakeFirst();
    if (!gw) {
      const lift = await loose
        .insertInto('elevators')
        .values({
          tenantId: tenant.id,
          orgId: tenant.initialCompanyId,
          name: `Harbour Mall lift ${i}`,
          no: `HM-${String(i).padStart(2, '0')}`,
          factoryNo: `SIM-${dtu}`,
          elevatorType: i % 4 === 0 ? 6 : 1,
          useStatus: 1,
          floors: 12 + (i % 3) * 6,
          address: useUnit?.address ?? '88 Harbour Road',
          useUnitId: useUnit?.id ?? null,
          maintenanceCompanyId: maintenance?.id ?? null,
          dtuCode: dtu,
          longitude: 121.5 + i / 1000,
          latitude: 31.23 + i / 1000,
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      gw = await loose
        .insertInto('gatewayDevices')
        .values({
          tenantId: tenant.id,
          orgId: tenant.initialCompanyId,
          dtuCode: dtu,
          elevatorId: lift.id,
          bindState: 1,
          deviceModel: 'LC-DTU-4G',
          softVer: '2.1.0',
          createTime: now,
          updateTime: now,
        })
        .returning(['id', 'elevatorId'])
        .executeTakeFirstOrThrow();
    }
    await loose
      .updateTable('gatewayDevices')
      .set({ secretHash: sha256(secret) })
      .where('id', '=', gw.id)
      .execute();
    members.push({ dtu, secret });
  }
  return members;
}
