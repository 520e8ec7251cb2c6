import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { newToken, sha256 } from '../services/secrets.js';
import type { LooseDB } from '../store/repository.js';
import type { DemoIds } from './demo.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoPaperwork } from './demo-paperwork.js';
import { demoMeterOf, seedDemoMeters } from './demo-meters.js';

export interface FleetMember {
  dtu: string;
  secret: string;
  /** An escalator or moving walk: it reports no floors, doors or trapped passengers. */
  escalator: boolean;
  /** Landings of a lift (2 for an escalator). */
  floors: number;
  /** The lift's electricity meter its gateway forwards readings of, going on from the latest stored. */
  meter?: { gwSn: string; dbNo: string; startKwh: number };
}

/** DTU numbers of the demo fleet: 86199000001 onwards. */
const DEMO_DTU_BASE = 86_199_000_000;
const DAY = 86_400_000;
export const demoDtu = (i: number): string => String(DEMO_DTU_BASE + i);

/** One lift or escalator of the demo fleet. */
export interface FleetLift {
  name: string;
  no: string;
  building: string;
  ladderNo: string;
  /** enums.elevatorType: 1 traction passenger, 2 freight, 6 escalator, 7 moving walk, 9 firefighter. */
  elevatorType: number;
  floors: number;
  ratedSpeed: number;
  ratedLoad?: number;
  brand: string;
  model: string;
  installed: string;
}

export interface FleetSite {
  city: 'Shanghai' | 'Hangzhou';
  useUnitNo: string;
  useUnitName: string;
  type: string;
  region: string;
  address: string;
  longitude: number;
  latitude: number;
  contact: string;
  contactPhone: string;
  owner: string;
  /** 'main' (Swift Lift Maintenance) or 'north' (its North Branch). */
  maintainer: 'main' | 'north';
  lifts: FleetLift[];
}

const lift = (
  prefix: string,
  building: string,
  n: number,
  over: Partial<FleetLift> & Pick<FleetLift, 'floors'>,
): FleetLift => ({
  name: `${building} lift ${n}`,
  no: `${prefix}-L${String(n).padStart(2, '0')}`,
  building,
  ladderNo: String(n),
  elevatorType: 1,
  ratedSpeed: 1.75,
  ratedLoad: 1000,
  brand: 'Sunrise',
  model: 'SR-3000',
  installed: '2019-06-18',
  ...over,
});

const escalator = (prefix: string, building: string, n: number, walk = false): FleetLift => ({
  name: `${building} ${walk ? 'moving walk' : 'escalator'} ${n}`,
  no: `${prefix}-${walk ? 'W' : 'E'}${String(n).padStart(2, '0')}`,
  building,
  ladderNo: `${walk ? 'W' : 'E'}${n}`,
  elevatorType: walk ? 7 : 6,
  floors: 2,
  ratedSpeed: 0.5,
  brand: 'Sunrise',
  model: walk ? 'SW-12' : 'SE-30',
  installed: '2020-03-02',
});

/**
 * The demo tenant's fleet: five sites in two cities (Shanghai, Hangzhou), each with its buildings, lifts,
 * escalators and moving walks. Harbour Mall and Green Park Tower are the use units seedDemo already holds.
 */
export const DEMO_FLEET: FleetSite[] = [
  {
    city: 'Shanghai',
    useUnitNo: 'UU-001',
    useUnitName: 'Harbour Mall',
    type: 'Mall',
    region: 'Shanghai Pudong',
    address: '88 Harbour Road',
    longitude: 121.5055,
    latitude: 31.2397,
    contact: 'Li Wei',
    contactPhone: '13700000001',
    owner: 'Harbour Mall Co.',
    maintainer: 'main',
    lifts: [
      ...[1, 2, 3].map((n) => lift('HM-N', 'Harbour Mall North', n, { floors: 8, ratedSpeed: 1.75 })),
      lift('HM-N', 'Harbour Mall North', 4, { floors: 8, elevatorType: 2, ratedLoad: 2000, ratedSpeed: 1 }),
      ...[1, 2].map((n) => lift('HM-S', 'Harbour Mall South', n, { floors: 6, ratedSpeed: 1.5 })),
      ...[1, 2, 3, 4].map((n) => escalator('HM-S', 'Harbour Mall South', n)),
    ],
  },
  {
    city: 'Shanghai',
    useUnitNo: 'UU-002',
    useUnitName: 'Green Park Tower',
    type: 'Office',
    region: 'Shanghai Xuhui',
    address: '1 Green Park Avenue',
    longitude: 121.4365,
    latitude: 31.1885,
    contact: 'Zhang Min',
    contactPhone: '13700000002',
    owner: 'Green Park Holdings',
    maintainer: 'main',
    lifts: [
      ...[1, 2, 3].map((n) =>
        lift('GP-A', 'Green Park Tower A', n, { floors: 32, ratedSpeed: 4, ratedLoad: 1350, model: 'SR-7000' }),
      ),
      lift('GP-A', 'Green Park Tower A', 4, { floors: 32, ratedSpeed: 2.5, elevatorType: 9, model: 'SR-F500' }),
      ...[1, 2, 3].map((n) => lift('GP-B', 'Green Park Tower B', n, { floors: 24, ratedSpeed: 2.5, ratedLoad: 1350 })),
      lift('GP-B', 'Green Park Tower B', 4, { floors: 24, ratedSpeed: 1, elevatorType: 2, ratedLoad: 2000 }),
    ],
  },
  {
    city: 'Shanghai',
    useUnitNo: 'UU-003',
    useUnitName: 'Riverside Residences',
    type: 'Residential',
    region: 'Shanghai Minhang',
    address: '1288 Riverside Road',
    longitude: 121.3811,
    latitude: 31.1129,
    contact: 'Wu Jing',
    contactPhone: '13700000003',
    owner: 'Riverside Homeowners Committee',
    maintainer: 'north',
    lifts: [1, 2, 3].flatMap((b) =>
      [1, 2].map((n) =>
        lift(`RR-${b}`, `Riverside Building ${b}`, n, {
          floors: 18,
          ratedSpeed: 1.75,
          ratedLoad: 1050,
          brand: 'Harmony',
          model: 'HM-N18',
          installed: '2016-09-12',
        }),
      ),
    ),
  },
  {
    city: 'Hangzhou',
    useUnitNo: 'UU-004',
    useUnitName: 'West Lake Plaza',
    type: 'Mall',
    region: 'Hangzhou Shangcheng',
    address: '155 Hubin Road',
    longitude: 120.169,
    latitude: 30.257,
    contact: 'Chen Yu',
    contactPhone: '13700000004',
    owner: 'West Lake Plaza Co.',
    maintainer: 'north',
    lifts: [
      ...[1, 2, 3].map((n) => lift('WL', 'West Lake Plaza', n, { floors: 6, ratedSpeed: 1.5, ratedLoad: 1600 })),
      lift('WL', 'West Lake Plaza', 4, { floors: 6, ratedSpeed: 0.63, elevatorType: 2, ratedLoad: 3000 }),
      ...[1, 2, 3, 4].map((n) => escalator('WL', 'West Lake Plaza', n)),
    ],
  },
  {
    city: 'Hangzhou',
    useUnitNo: 'UU-005',
    useUnitName: 'Qianjiang Metro Hub',
    type: 'Transport',
    region: 'Hangzhou Shangcheng',
    address: '1 Qianjiang Road',
    longitude: 120.2125,
    latitude: 30.245,
    contact: 'Zhou Lin',
    contactPhone: '13700000005',
    owner: 'Hangzhou Metro Operations',
    maintainer: 'north',
    lifts: [
      ...[1, 2].map((n) => lift('QJ', 'Qianjiang Metro Hub', n, { floors: 3, ratedSpeed: 1, ratedLoad: 1600 })),
      ...[1, 2].map((n) => escalator('QJ', 'Qianjiang Metro Hub', n)),
      ...[1, 2].map((n) => escalator('QJ', 'Qianjiang Metro Hub', n, true)),
    ],
  },
];

/** How many lifts and escalators the demo fleet has. */
export const DEMO_FLEET_SIZE = DEMO_FLEET.reduce((n, site) => n + site.lifts.length, 0);

export const isEscalatorType = (elevatorType: number): boolean => elevatorType === 6 || elevatorType === 7;

/** A factory number as the manufacturer stamps it: brand initials, the year built, a serial. */
const factoryNoOf = (l: FleetLift, serial: number) =>
  `${l.brand.slice(0, 2).toUpperCase()}${l.installed.slice(0, 4)}-${String(40_000 + serial * 137).padStart(6, '0')}`;

/**
 * Put the demo fleet in a freshly seeded store: the sites' use units, their lifts and escalators (each with a
 * bound gateway, DTU 86199000001 onwards in fleet order) and a week of history ending at `now`. Returns the
 * fleet's elevator ids in DTU order.
 */
export async function seedDemoFleet(db: Kysely<DB>, demo: DemoIds, now: number): Promise<number[]> {
  const loose = db as unknown as Kysely<LooseDB>;
  const t = demo.tenants.demo;
  const c = demo.companies;
  const times = { createTime: now, updateTime: now };
  const ids: number[] = [];
  let serial = 0;
  for (const site of DEMO_FLEET) {
    const known = await loose
      .selectFrom('useUnits')
      .select('id')
      .where('tenantId', '=', t)
      .where('no', '=', site.useUnitNo)
      .executeTakeFirst();
    const place = {
      name: site.useUnitName,
      type: site.type,
      region: site.region,
      address: site.address,
      longitude: site.longitude,
      latitude: site.latitude,
      contact: site.contact,
      contactPhone: site.contactPhone,
      owner: site.owner,
    };
    const useUnitId = known
      ? Number(known.id)
      : Number(
          (
            await loose
              .insertInto('useUnits')
              .values({
                tenantId: t,
                orgId: c.property,
                no: site.useUnitNo,
                creditCode: null,
                propertyCompanyId: c.property,
                ...place,
                ...times,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    if (known) await loose.updateTable('useUnits').set(place).where('id', '=', useUnitId).execute();
    const maintenanceCompanyId = site.maintainer === 'main' ? c.maintenance : c.maintenanceNorth;
    for (const [k, l] of site.lifts.entries()) {
      serial++;
      const dtu = demoDtu(serial);
      const escalatorLike = isEscalatorType(l.elevatorType);
      // lifts of a building stand together; buildings of a site a little apart (about 10 m per 0.0001°)
      const building = [...new Set(site.lifts.map((x) => x.building))].indexOf(l.building);
      const row = await loose
        .insertInto('elevators')
        .values({
          tenantId: t,
          orgId: demo.companies.demoRoot,
          name: l.name,
          no: l.no,
          registerCode: `3110${site.city === 'Shanghai' ? '3101' : '3301'}${l.installed.slice(0, 4)}${String(serial).padStart(6, '0')}`,
          internalNo: `${site.useUnitNo}-${String(k + 1).padStart(2, '0')}`,
          // the site's buildings numbered 1, 2, 3 in the order the catalogue lists them
          buildingNo: String(building + 1),
          ladderNo: l.ladderNo,
          dtuCode: dtu,
          factoryNo: factoryNoOf(l, serial),
          projectName: site.useUnitName,
          address: site.address,
          longitude: Number((site.longitude + building * 0.0009 + (k % 3) * 0.0001).toFixed(6)),
          latitude: Number((site.latitude + building * 0.0006 + Math.floor(k / 3) * 0.0001).toFixed(6)),
          elevatorType: l.elevatorType,
          brand: l.brand,
          model: l.model,
          floors: escalatorLike ? null : l.floors,
          ratedSpeed: l.ratedSpeed,
          ratedLoad: l.ratedLoad ?? null,
          // an escalator's angle, rise, width (mm) and length; a moving walk's own four (domain.md "Elevator")
          ...(l.elevatorType === 6 ? { escalatorAngle: 30, rise: 5.4, width: 1000, length: 16.5 } : {}),
          ...(l.elevatorType === 7
            ? { movingWalkSpeed: 0.65, movingWalkLength: 42, movingWalkAngle: 6, movingWalkWidth: 1000 }
            : {}),
          maintenancePeriodDays: 15,
          usePlace: site.type,
          maintenanceMode: 2,
          openStatus: 1,
          useStatus: 1,
          onlineStatus: 0,
          joinStatus: 1,
          accessStatus: 1,
          useUnitId,
          propertyCompanyId: c.property,
          maintenanceCompanyId,
          manufacturerId: c.manufacturer,
          installationCompanyId: c.installation,
          installationDate: l.installed,
          joinDate: '2025-11-01',
          ...times,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const elevatorId = Number(row.id);
      ids.push(elevatorId);
      await loose
        .insertInto('gatewayDevices')
        .values({
          tenantId: t,
          orgId: demo.companies.demoRoot,
          dtuCode: dtu,
          elevatorId,
          bindState: 1,
          deviceModel: 'LC-DTU-4G',
          signalType: '4G',
          simCode: `1440${String(2_618_000 + serial * 7)}`,
          softVer: '2.1.0',
          // it last reported yesterday; the simulated ones report again at once, the others stay silent
          lastReportTime: now - DAY - serial * 60_000,
          ...times,
        })
        .execute();
      // the maintainer who receives its orders: the North Branch engineer, or the maintenance company's admin
      const maintainer = site.maintainer === 'north' ? demo.users.companyuser : demo.users.companyadmin;
      await loose.insertInto('elevatorMaintainers').values({ elevatorId, userId: maintainer }).execute();
    }
  }
  await seedDemoHistory(db, demo, ids, now);
  await seedDemoPaperwork(db, demo, ids, now);
  await seedDemoMeters(loose, t, ids, now);
  return ids;
}

/**
 * The demo fleet `npm start` runs: the gateways of DTU 86199000001 onwards, each bound to an elevator. The
 * seeded fleet's are reused; missing ones (a store seeded before the fleet existed, a test) get a lift of their
 * own. Each start issues fresh secrets (only hashes are stored, so old ones cannot be read back).
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
    const dtu = demoDtu(i);
    const secret = newToken('gw_');
    let gw = await loose
      .selectFrom('gatewayDevices')
      .select(['id', 'elevatorId', 'orgId'])
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
          factoryNo: `SR2019-${String(40_000 + i * 137).padStart(6, '0')}`,
          elevatorType: 1,
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
        .returning(['id', 'elevatorId', 'orgId'])
        .executeTakeFirstOrThrow();
    }
    const elevator = gw.elevatorId
      ? await loose
          .selectFrom('elevators')
          .select(['elevatorType', 'floors'])
          .where('id', '=', gw.elevatorId)
          .executeTakeFirst()
      : undefined;
    await loose
      .updateTable('gatewayDevices')
      .set({ secretHash: sha256(secret) })
      .where('id', '=', gw.id)
      .execute();
    const escalatorLike = isEscalatorType(Number(elevator?.elevatorType ?? 1));
    members.push({
      dtu,
      secret,
      escalator: escalatorLike,
      floors: escalatorLike ? 2 : Math.max(2, Math.min(64, Number(elevator?.floors ?? 18))),
      ...(gw.elevatorId
        ? {
            meter: await demoMeterOf(loose, {
              dtu,
              elevatorId: Number(gw.elevatorId),
              tenantId: Number(tenant.id),
              orgId: gw.orgId === null ? null : Number(gw.orgId),
            }),
          }
        : {}),
    });
  }
  return members;
}
