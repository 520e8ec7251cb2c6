import type { LiftCloudClient, MaintenanceItem } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import type { TestServer } from './server.js';

/** Two items of every area's kind: what a maintenance type and its orders carry in the tests. */
export const ITEMS: MaintenanceItem[] = [
  { name: 'Brake', content: 'Check the brake lining', requirement: 'Lining over 5 mm', area: 1 },
  { name: 'Door', content: 'Clean the door sill', requirement: 'No debris', area: 3 },
];

/** Where the test lift stands, and a point about 50 m and about 5 km away. */
export const LIFT_AT = { latitude: 31.2304, longitude: 121.4737 };
export const NEAR = { latitude: 31.2308, longitude: 121.4737 };
export const FAR = { latitude: 31.275, longitude: 121.4737 };

export interface MaintenanceFixture {
  companyId: number;
  workerId: number;
  elevatorId: number;
  typeId: number;
  db: Kysely<LooseDB>;
}

/**
 * A lift maintained by the North Branch with companyuser as its maintainer, a type with two items, and the
 * branch's settings (cycle 15 days, sign in within 200 m).
 */
export async function maintenanceFixture(
  s: TestServer,
  admin: LiftCloudClient,
  tag: string,
  settings: { autoSendDay?: number; autoGenerate?: boolean; photoRequired?: boolean } = {},
): Promise<MaintenanceFixture> {
  const companyId = s.demo.companies.maintenanceNorth!;
  const workerId = s.demo.users.companyuser!;
  const lift = await admin.entities.elevator.save({
    name: `Maintained lift ${tag}`,
    factoryNo: `MT-${tag}`,
    elevatorType: 1,
    useStatus: 1,
    maintenanceCompanyId: companyId,
    maintainerIds: [workerId],
    ...LIFT_AT,
  });
  const type = await admin.entities.maintenanceType.save({
    name: `Half-monthly ${tag}`,
    elevatorType: 1,
    classification: 1,
    items: ITEMS,
  });
  const existing = await admin.entities.maintenanceSetting.list({ companyId });
  const body = {
    companyId,
    autoSendDay: settings.autoSendDay ?? 0,
    cycle: 15,
    distance: 200,
    signInMethod: 1 as const,
    autoGenerate: settings.autoGenerate ?? false,
    photoRequired: settings.photoRequired ?? false,
  };
  const first = existing.records[0];
  if (first) await admin.entities.maintenanceSetting.save({ ...body, id: first.id });
  else await admin.entities.maintenanceSetting.save(body);
  return { companyId, workerId, elevatorId: lift.id, typeId: type.id, db: s.store.db as unknown as Kysely<LooseDB> };
}

/**
 * Sample references for the isolation walks: a maintenance type and a done order of it (status completed), made
 * by `client` in its own tenant on `elevatorId` with `workerId` as its worker.
 */
export async function maintenanceRefs(
  s: TestServer,
  client: LiftCloudClient,
  ids: { companyId: number; elevatorId: number; workerId: number },
): Promise<{ maintenanceTypeId: number; maintenanceOrderId: number }> {
  const type = await client.entities.maintenanceType.save({
    name: `Walk type ${ids.elevatorId}`,
    elevatorType: 1,
    classification: 1,
    items: ITEMS,
  });
  const order = await client.entities.maintenanceOrder.save({
    elevatorId: ids.elevatorId,
    maintenanceTypeId: type.id,
    companyId: ids.companyId,
    worker1Id: ids.workerId,
    planDate: '2026-03-01',
  });
  const db = s.store.db as unknown as Kysely<LooseDB>;
  await db.updateTable('maintenanceOrders').set({ status: 9 }).where('id', '=', order.id).execute();
  return { maintenanceTypeId: type.id, maintenanceOrderId: order.id };
}
