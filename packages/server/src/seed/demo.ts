import { PERMISSION_INDEXES } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { Store } from '../db/database.js';
import type { DB } from '../db/tables.js';
import { hashPassword } from '../services/secrets.js';
import type { LooseDB } from '../store/repository.js';

/** Every demo account's password (README lists the accounts). */
export const DEMO_PASSWORD = 'LiftDemo2026';

export interface DemoIds {
  tenants: Record<'platform' | 'demo' | 'coastal', number>;
  companies: Record<string, number>;
  roles: Record<string, number>;
  users: Record<string, number>;
}

async function addCompany(
  db: Kysely<DB>,
  tenantId: number,
  parentId: number | null,
  no: string,
  name: string,
  type: number,
): Promise<number> {
  const now = Date.now();
  const parent = parentId
    ? await db.selectFrom('companies').select('path').where('id', '=', parentId).executeTakeFirstOrThrow()
    : null;
  const row = await db
    .insertInto('companies')
    .values({
      tenantId,
      parentId,
      no,
      name,
      type,
      path: '/',
      createTime: now,
      updateTime: now,
      abbreviation: null,
      externalNo: null,
      brand: null,
      contactPerson: null,
      phone: null,
      factoryNo: null,
      dedicatedCode: null,
      creditCode: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('companies')
    .set({ path: `${parent?.path ?? '/'}${row.id}/` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

async function addTenant(
  db: Kysely<DB>,
  name: string,
  rootNo: string,
  rootName: string,
): Promise<{ tenantId: number; rootId: number }> {
  const now = Date.now();
  const t = await db
    .insertInto('tenants')
    .values({ name, status: 1, initialCompanyId: null, createTime: now, updateTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rootId = await addCompany(db, t.id, null, rootNo, rootName, 1);
  await db.updateTable('tenants').set({ initialCompanyId: rootId }).where('id', '=', t.id).execute();
  return { tenantId: t.id, rootId };
}

async function addRole(
  db: Kysely<DB>,
  tenantId: number,
  companyId: number,
  name: string,
  permissions: readonly number[],
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('roles')
    .values({
      tenantId,
      companyId,
      name,
      isDefault: 0,
      permissions: JSON.stringify(permissions),
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface DemoUser {
  username: string;
  name: string;
  phone: string;
  userType: number;
  companyId: number | null;
  roleIds: number[];
  maintainer?: boolean;
}

/** A demo user with the demo password, hashed for this user alone (a salt of its own). */
async function addUser(db: Kysely<DB>, tenantId: number, u: DemoUser): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({
      tenantId,
      username: u.username,
      passwordHash,
      name: u.name,
      phone: u.phone,
      mail: `${u.username.toLowerCase()}@liftcloud.example`,
      userType: u.userType,
      companyId: u.companyId,
      branch: null,
      area: null,
      serviceStation: null,
      maintainer: u.maintainer ? 1 : 0,
      messageSendMethod: null,
      smsRepair: 1,
      smsAlarm: 1,
      smsMaintenance: 0,
      canChangePassword: 1,
      locked: 0,
      mustChangePassword: 0,
      failedAttempts: 0,
      lockedUntil: null,
      lastLoginTime: null,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (u.roleIds.length)
    await db
      .insertInto('userRoles')
      .values(u.roleIds.map((roleId) => ({ userId: row.id, roleId })))
      .execute();
  return row.id;
}

/** Load the demo platform into an empty store; answers null when the store already holds data. */
export async function seedDemo(store: Store): Promise<DemoIds | null> {
  const { db } = store;
  const existing = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const now = Date.now();

  const platform = await addTenant(db, 'LiftCloud Platform', 'LC-OPS', 'LiftCloud Operations');
  const demo = await addTenant(db, 'Demo Elevator Group', 'DEG', 'Demo Elevator Group');
  const coastal = await addTenant(db, 'Coastal Lifts', 'CL', 'Coastal Lifts Ltd');
  const t = demo.tenantId;
  const c: Record<string, number> = {
    platformRoot: platform.rootId,
    demoRoot: demo.rootId,
    coastalRoot: coastal.rootId,
  };
  c.manufacturer = await addCompany(db, t, demo.rootId, 'DEG-MF', 'Sunrise Elevator Manufacturing', 1);
  c.maintenance = await addCompany(db, t, demo.rootId, 'DEG-MT', 'Swift Lift Maintenance', 2);
  c.maintenanceNorth = await addCompany(db, t, c.maintenance, 'DEG-MT-N', 'Swift Lift North Branch', 2);
  c.property = await addCompany(db, t, demo.rootId, 'DEG-PR', 'Green Park Property', 3);
  c.installation = await addCompany(db, t, demo.rootId, 'DEG-IN', 'Solid Lift Installation', 4);
  c.modification = await addCompany(db, t, demo.rootId, 'DEG-MO', 'Renew Lift Modification', 5);
  c.useUnit = await addCompany(db, t, demo.rootId, 'DEG-UU', 'Harbour Mall Management', 6);
  c.agent = await addCompany(db, t, demo.rootId, 'DEG-AG', 'East Coast Agency', 7);

  const r: Record<string, number> = {};
  r.administrator = await addRole(db, t, demo.rootId, 'Administrator', PERMISSION_INDEXES);
  r.maintenance = await addRole(
    db,
    t,
    c.maintenance,
    'Maintenance staff',
    [110, 9, 302, 322, 326, 327, 328, 341, 117, 45, 132, 820, 401, 403],
  );
  r.viewer = await addRole(db, t, demo.rootId, 'Viewer', [110, 45, 341, 117]);
  r.userManager = await addRole(db, t, c.maintenance, 'User manager', [3, 5, 12, 16]);
  r.coastalAdmin = await addRole(db, coastal.tenantId, coastal.rootId, 'Administrator', PERMISSION_INDEXES);

  const u: Record<string, number> = {};
  u.superAdmin = await addUser(db, platform.tenantId, {
    username: 'superAdmin',
    name: 'Platform Operator',
    phone: '13800000000',
    userType: 0,
    companyId: null,
    roleIds: [],
  });
  u.admin = await addUser(db, t, {
    username: 'admin',
    name: 'Demo Administrator',
    phone: '13800000001',
    userType: 1,
    companyId: demo.rootId,
    roleIds: [r.administrator],
  });
  u.platform = await addUser(db, t, {
    username: 'platform',
    name: 'Star Platform User',
    phone: '13800000002',
    userType: 0,
    companyId: null,
    roleIds: [r.viewer],
  });
  u.companyadmin = await addUser(db, t, {
    username: 'companyadmin',
    name: 'Maintenance Admin',
    phone: '13800000003',
    userType: 1,
    companyId: c.maintenance,
    roleIds: [r.userManager, r.maintenance],
  });
  u.companyuser = await addUser(db, t, {
    username: 'companyuser',
    name: 'North Branch Engineer',
    phone: '13800000004',
    userType: 2,
    companyId: c.maintenanceNorth,
    roleIds: [r.maintenance],
    maintainer: true,
  });
  u.qaadmin = await addUser(db, t, {
    username: 'qaadmin',
    name: 'Quality Bureau Admin',
    phone: '13800000005',
    userType: 3,
    companyId: null,
    roleIds: [r.viewer],
  });
  u.qauser = await addUser(db, t, {
    username: 'qauser',
    name: 'Quality Bureau Inspector',
    phone: '13800000006',
    userType: 4,
    companyId: null,
    roleIds: [r.viewer],
  });
  u.general = await addUser(db, t, {
    username: 'general',
    name: 'Property Staff',
    phone: '13800000007',
    userType: 9,
    companyId: c.property,
    roleIds: [r.viewer],
  });
  u.coastal = await addUser(db, coastal.tenantId, {
    username: 'coastaladmin',
    name: 'Coastal Administrator',
    phone: '13900000001',
    userType: 1,
    companyId: coastal.rootId,
    roleIds: [r.coastalAdmin],
  });

  const times = { createTime: now, updateTime: now };
  await db
    .insertInto('useUnits')
    .values([
      {
        tenantId: t,
        orgId: c.useUnit,
        no: 'UU-001',
        creditCode: null,
        name: 'Harbour Mall',
        type: 'Mall',
        propertyCompanyId: c.property,
        region: 'Shanghai Pudong',
        address: '88 Harbour Road',
        longitude: 121.5,
        latitude: 31.23,
        contact: 'Li Wei',
        contactPhone: '13700000001',
        owner: 'Harbour Mall Co.',
        ...times,
      },
      {
        tenantId: t,
        orgId: c.property,
        no: 'UU-002',
        creditCode: null,
        name: 'Green Park Tower',
        type: 'Office',
        propertyCompanyId: c.property,
        region: 'Shanghai Xuhui',
        address: '1 Green Park Avenue',
        longitude: 121.44,
        latitude: 31.19,
        contact: 'Zhang Min',
        contactPhone: '13700000002',
        owner: 'Green Park Holdings',
        ...times,
      },
      {
        tenantId: coastal.tenantId,
        orgId: coastal.rootId,
        no: 'CL-UU-1',
        creditCode: null,
        name: 'Coastal Plaza',
        type: 'Mall',
        propertyCompanyId: null,
        region: 'Xiamen',
        address: '2 Seaside Road',
        longitude: 118.1,
        latitude: 24.48,
        contact: null,
        contactPhone: null,
        owner: 'Coastal Plaza Ltd',
        ...times,
      },
    ])
    .execute();
  await db
    .insertInto('qualityBodies')
    .values([
      {
        tenantId: t,
        no: 'QB-SH',
        name: 'Shanghai Special Equipment Inspection Institute',
        region: 'Shanghai',
        address: '915 Jinshajiang Road',
        ...times,
      },
      {
        tenantId: t,
        no: 'QB-HZ',
        name: 'Hangzhou Quality Supervision Bureau',
        region: 'Hangzhou',
        address: '1 Market Street',
        ...times,
      },
    ])
    .execute();
  await db
    .insertInto('announcements')
    .values([
      {
        tenantId: t,
        title: 'Welcome to LiftCloud',
        content: 'The demo platform is ready: browse elevators, users and roles.',
        pinned: 1,
        publisher: 'Demo Administrator',
        publishTime: now,
        ...times,
      },
      {
        tenantId: t,
        title: 'Annual inspection season',
        content: 'Annual inspections for the Harbour Mall elevators start next month.',
        pinned: 0,
        publisher: 'Demo Administrator',
        publishTime: now,
        ...times,
      },
    ])
    .execute();
  for (const host of ['localhost', '127.0.0.1'])
    await db
      .insertInto('uiSettings')
      .values({
        tenantId: t,
        host,
        systemName: 'LiftCloud 电梯云',
        faviconIcon: null,
        logoLarge: null,
        logoSmall: null,
        appQrCode: null,
        miniProgramQrCode: null,
        homeBanner: null,
        appBanners: null,
        companyId: demo.rootId,
        ...times,
      })
      .execute();
  // EOCD thresholds of the maintenance company (docs/decisions.md "EOCD"): the demo fleet's worn rail crosses the
  // ISO horizontal ones, its loose door the low-pass horizontal one
  await (db as unknown as Kysely<LooseDB>)
    .insertInto('eocdThresholds')
    .values(
      [1, 1.75, 2.5].map((speed) => ({
        tenantId: t,
        companyId: c.maintenance!,
        speed,
        ...DEMO_EOCD_LIMITS,
        ...times,
      })),
    )
    .execute();
  return {
    tenants: { platform: platform.tenantId, demo: t, coastal: coastal.tenantId },
    companies: c,
    roles: r,
    users: u,
  };
}

/** The demo's EOCD limits (m/s²) and low-pass cut-off (Hz), the same for each speed. */
export const DEMO_EOCD_LIMITS = {
  isoHorizontalPeakToPeak: 0.3,
  isoVerticalPeakToPeak: 0.3,
  isoHorizontalA95: 0.2,
  isoVerticalA95: 0.2,
  lowPassHorizontal: 0.35,
  lowPassVertical: 0.5,
  lowPassHz: 10,
};
