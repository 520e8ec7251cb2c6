import { ApiError, ENTITIES } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED } from '../../packages/server/src/tables/index.js';
import { maintenanceRefs } from '../support/maintenance.js';
import { sampleBody, type SampleRefs } from '../support/samples.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof ApiError) return e.status;
    throw e;
  }
}

describe.each(DIALECTS)('permissions and tenant isolation on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  it('refuses every /api route without a token, except the public ones', async () => {
    const res = await s.fetch('openapi.json');
    const doc = res.body as { paths: Record<string, Record<string, unknown>> };
    const publicPaths = [
      '/api/auth/captcha',
      '/api/auth/login',
      '/api/auth/sms/send',
      '/api/auth/sms/login',
      '/api/auth/token',
      '/api/config',
      '/api/uiSettings/public',
      // a signed link's read: tests/api/share-links.test.ts shows what it refuses
      '/api/public/workOrders/{id}',
      // a branding image by its unguessable key: tests/api/uploads.test.ts shows it serves nothing else
      '/api/public/branding/{key}',
      // a modernisation scheme through its link (the key in the query)
      '/api/public/scheme/{salesOrderNo}',
      // reports through their signed links: tests/api/report-sets.test.ts shows what they refuse
      '/api/public/reports/monitor',
      '/api/public/reports/faults',
      '/api/public/reports/pdf',
      // /eocdOperate and /eocdPrivate through their signed links: tests/api/eocd-links.test.ts shows what they refuse
      '/api/public/eocdRuns/{id}',
      '/api/public/eocdRuns/elevators/{id}',
    ];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (publicPaths.includes(path)) continue;
      for (const method of Object.keys(methods)) {
        const url = path.replace('/api/', '').replace('{id}', '1');
        const r = await s.fetch(url, {
          method: method.toUpperCase(),
          headers: method === 'get' || method === 'delete' ? {} : { 'content-type': 'application/json' },
          body: method === 'get' || method === 'delete' ? undefined : '{}',
        });
        expect(r.status, `${method} ${path}`).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('answers 403 when the permission index is missing, and lets the holder through', async () => {
    const general = await s.login('general'); // Viewer: 110, 45, 341, 117
    expect(await status(general.entities.user.list())).toBe(403);
    expect(await status(general.entities.role.list())).toBe(403);
    expect(await status(general.entities.company.list())).toBe(403);
    expect(await status(general.entities.loginLog.list())).toBe(403);
    const manager = await s.login('companyadmin'); // User manager: 3, 5, 12, 16
    expect(await status(manager.entities.user.list())).toBe(200);
    expect(await status(manager.entities.loginLog.list())).toBe(403);
    const e = await general.entities.user.list().catch((err: ApiError) => err);
    expect((e as ApiError).message).toBe('You do not have permission for this operation');
  });

  it('keeps super-admin-only operations for superAdmin', async () => {
    const admin = await s.login('admin');
    expect(await status(admin.entities.tenant.list())).toBe(403);
    expect(await status(admin.entities.uiSetting.list())).toBe(403);
    const root = await s.login('superAdmin');
    const tenants = await root.entities.tenant.list();
    expect(tenants.total).toBe(3);
  });

  it('answers 403 for an organisation that is not the caller’s', async () => {
    const engineer = await s.login('companyuser'); // North Branch
    const token = tokenOf(engineer);
    expect(
      (await s.fetch('auth/me', { token, headers: { 'x-org-id': String(s.demo.companies.maintenanceNorth) } })).status,
    ).toBe(200);
    for (const org of [
      s.demo.companies.maintenance,
      s.demo.companies.demoRoot,
      s.demo.companies.coastalRoot,
      0,
      999999,
    ]) {
      const r = await s.fetch('auth/me', { token, headers: { 'x-org-id': String(org) } });
      expect(r.status, `org ${org}`).toBe(403);
      expect((r.body.data as { key: string }).key).toBe('error.forbiddenOrg');
    }
  });

  it('scopes lists to the current organisation subtree', async () => {
    const manager = await s.login('companyadmin'); // Swift Lift Maintenance and its north branch
    const companies = await manager.entities.company.list({ pageSize: 100 });
    expect(companies.records.map((c) => c.name).sort()).toEqual(['Swift Lift Maintenance', 'Swift Lift North Branch']);
    manager.session.setOrgId(s.demo.companies.maintenanceNorth);
    const narrowed = await manager.entities.company.list();
    expect(narrowed.records.map((c) => c.name)).toEqual(['Swift Lift North Branch']);
    const orgs = await (await s.login('companyadmin')).orgs();
    expect(orgs.map((o) => o.id).sort()).toEqual(
      [s.demo.companies.maintenance, s.demo.companies.maintenanceNorth].sort(),
    );
  });

  it('answers 404 for every record of another tenant, on every entity route, and never lists it', async () => {
    const demoAdmin = await s.login('admin');
    const coastal = await s.login('coastaladmin');
    const root = await s.login('superAdmin');
    let n = 100;
    const lift = await demoAdmin.entities.elevator.save(
      sampleBody('elevator', 1, { companyId: s.demo.companies.maintenance, userId: s.demo.users.companyuser }) as never,
    );
    const card = await demoAdmin.entities.programCard.save({ name: 'Lobby card' });
    const refs: SampleRefs = {
      companyId: s.demo.companies.maintenance,
      elevatorId: lift.id,
      programCardId: card.id,
      userId: s.demo.users.companyuser,
      useUnitId: (
        await demoAdmin.entities.useUnit.save({
          name: 'Sample unit',
          region: 'Suzhou',
          longitude: 120.5,
          latitude: 31.3,
          owner: 'Owner',
        })
      ).id,
      ...(await maintenanceRefs(s, demoAdmin, {
        companyId: s.demo.companies.maintenance!,
        elevatorId: lift.id,
        workerId: s.demo.users.companyuser!,
      })),
    };
    for (const { table, readOnly, write } of EXPOSED) {
      const name = table.entity.name as keyof typeof ENTITIES;
      if (readOnly || write === 'superAdmin') continue; // platform-wide, super admin only: below
      const body = sampleBody(name, n++, refs);
      const created = (await demoAdmin.crud<{ id: number }>(table.entity.path).save(body as never)) as { id: number };
      const other = coastal.crud<Record<string, unknown>>(table.entity.path);
      expect(await status(other.get(created.id)), `${name} get`).toBe(404);
      const updatable = Object.fromEntries(Object.entries(body).filter(([k]) => !table.entity.fields[k]?.createOnly));
      expect(await status(other.save({ ...updatable, id: created.id } as never)), `${name} update`).toBe(404);
      expect(await status(other.remove(created.id)), `${name} delete`).toBe(404);
      const listed = await other.list({ pageSize: 200 });
      expect(
        listed.records.some((r) => r.id === created.id),
        `${name} list`,
      ).toBe(false);
      expect(await status(demoAdmin.crud(table.entity.path).get(created.id)), `${name} still there`).toBe(200);
    }
    // Platform-wide entities: only the super admin reaches them at all.
    // Gateway versions are the platform's: every tenant reads them, only the super admin writes.
    const version = await root.entities.gatewayVersion.save(sampleBody('gatewayVersion', n++, refs) as never);
    expect(await status(coastal.entities.gatewayVersion.get(version.id))).toBe(200);
    expect(await status(coastal.entities.gatewayVersion.remove(version.id))).toBe(403);
    for (const name of ['tenant', 'uiSetting'] as const) {
      const created = (await root
        .crud<{ id: number }>(ENTITIES[name].path)
        .save(sampleBody(name, n++, refs) as never)) as { id: number };
      expect(await status(coastal.crud(ENTITIES[name].path).get(created.id))).toBe(403);
    }
  });

  it('refuses references into another tenant or outside the caller’s organisations', async () => {
    const coastal = await s.login('coastaladmin');
    const e = await coastal.entities.user
      .save({
        username: 'sneaky_1',
        password: 'Passw0rdX',
        name: 'S',
        phone: '13511112222',
        userType: 2,
        roleIds: [s.demo.roles.administrator],
        maintainer: false,
        companyId: s.demo.companies.maintenance,
      })
      .catch((err: ApiError) => err);
    expect((e as ApiError).status).toBe(400);
    expect((e as ApiError).fieldErrors.map((f) => f.field).sort()).toEqual(['companyId', 'roleIds']);
    expect(
      await s.store.db.selectFrom('users').select('id').where('username', '=', 'sneaky_1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('builds the auth string from the union of a user’s roles and enforces it on the server', async () => {
    const admin = await s.login('admin');
    const role = await admin.entities.role.save({
      name: 'Logs only',
      permissions: [817],
      companyId: s.demo.companies.demoRoot,
    });
    const user = await admin.entities.user.save({
      username: 'logreader',
      password: 'Passw0rdX',
      name: 'Log Reader',
      phone: '13522223333',
      userType: 2,
      roleIds: [role.id, s.demo.roles.viewer],
      maintainer: false,
      companyId: s.demo.companies.demoRoot,
    });
    expect(user.roleIds).toEqual([s.demo.roles.viewer, role.id].sort((a, b) => a - b));
    const reader = await s.login('logreader', 'Passw0rdX');
    const auth = reader.session.get()?.auth ?? '';
    expect([817, 110, 45, 341, 117].every((i) => auth[i] === '1')).toBe(true);
    expect(auth[3]).not.toBe('1');
    expect(await status(reader.entities.loginLog.list())).toBe(200);
    expect(await status(reader.entities.operationLog.list())).toBe(403);
    const members = await admin.roles.users(role.id);
    expect(members.selected.map((u) => u.username)).toEqual(['logreader']);
    await admin.roles.assignUsers(role.id, []);
    expect((await admin.roles.users(role.id)).selected).toEqual([]);
    expect(await status(reader.entities.loginLog.list())).toBe(403);
  });

  it('records every write in the operation log with who, when and what', async () => {
    const admin = await s.login('admin');
    await admin.entities.qualityBody.save({ no: 'QB-LOG', name: 'Logged Body', region: 'Ningbo', address: '2 Road' });
    const logs = await admin.entities.operationLog.list({ operateContent: 'Logged Body' });
    expect(logs.total).toBe(1);
    expect(logs.records[0]).toMatchObject({ userName: 'admin', method: 'POST', path: '/api/qualityBodies' });
    expect(logs.records[0]?.operateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
