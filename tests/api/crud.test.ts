import { ApiError } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRefs, type OpenApiDocument } from '../support/openapi.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

describe.each(DIALECTS)('entities and shell calls on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  it('lists with records, total and pages, and pages through them', async () => {
    const admin = await s.login('admin');
    for (let i = 0; i < 45; i++)
      await admin.entities.qualityBody.save({
        no: `P-${i}`,
        name: `Paged body ${i}`,
        region: i % 2 ? 'Odd' : 'Even',
        address: 'a',
      });
    const first = await admin.entities.qualityBody.list({ name: 'Paged', pageSize: 20 });
    expect(first).toMatchObject({ total: 45, pages: 3, pageNo: 1, pageSize: 20 });
    expect(first.records).toHaveLength(20);
    const last = await admin.entities.qualityBody.list({ name: 'Paged', pageSize: 20, pageNo: 3 });
    expect(last.records).toHaveLength(5);
    const all: string[] = [];
    for await (const r of admin.entities.qualityBody.all({ name: 'paged' }, 20)) all.push(r.no);
    expect(new Set(all).size).toBe(45);
    expect((await admin.entities.qualityBody.list({ region: 'odd', name: 'Paged' })).total).toBe(22);
    expect((await admin.entities.qualityBody.list({ no: 'P-7' })).records.map((r) => r.name)).toEqual(['Paged body 7']);
  });

  it('filters each entity by its declared filters', async () => {
    const admin = await s.login('admin');
    expect((await admin.entities.company.list({ type: 2 })).records.map((c) => c.name).sort()).toEqual([
      'Swift Lift Maintenance',
      'Swift Lift North Branch',
    ]);
    expect(
      (await admin.entities.company.list({ parentId: s.demo.companies.maintenance })).records.map((c) => c.no),
    ).toEqual(['DEG-MT-N']);
    expect((await admin.entities.user.list({ userType: 9 })).records.map((u) => u.username)).toEqual(['general']);
    expect((await admin.entities.user.list({ username: 'company' })).total).toBe(2);
    expect((await admin.entities.useUnit.list({ region: 'xuhui' })).records.map((u) => u.name)).toEqual([
      'Green Park Tower',
    ]);
    expect((await admin.entities.role.list({ name: 'viewer' })).total).toBe(1);
    expect((await admin.entities.announcement.list({ title: 'welcome' })).total).toBe(1);
  });

  it('filters logs by a date-time range read in the caller’s time zone', async () => {
    const admin = await s.login('admin');
    const logs = await admin.entities.loginLog.list({ userName: 'admin' });
    expect(logs.total).toBeGreaterThan(0);
    const when = logs.records[0]!.loginTime;
    expect(
      (await admin.entities.loginLog.list({ userName: 'admin', loginTimeStart: when, loginTimeEnd: when })).total,
    ).toBeGreaterThan(0);
    expect((await admin.entities.loginLog.list({ userName: 'admin', loginTimeEnd: '2000-01-01 00:00:00' })).total).toBe(
      0,
    );
    const r = await s.fetch(`loginLogs?loginTimeStart=${encodeURIComponent('yesterday')}`, {
      token: admin.session.get()!.token,
    });
    expect(r.body.message).toBe('Login time: must be a date and time (yyyy-MM-dd HH:mm:ss)');
  });

  it('formats dates in the X-Time-Zone of the request', async () => {
    const admin = await s.login('admin');
    const token = admin.session.get()!.token;
    const id = s.demo.companies.manufacturer;
    const shanghai = (await s.fetch(`companies/${id}`, { token, headers: { 'x-time-zone': 'Asia/Shanghai' } })).body
      .data as { createTime: string };
    const rome = (await s.fetch(`companies/${id}`, { token, headers: { 'x-time-zone': 'Europe/Rome' } })).body.data as {
      createTime: string;
    };
    const fallback = (await s.fetch(`companies/${id}`, { token, headers: { 'x-time-zone': 'Not/AZone' } })).body
      .data as { createTime: string };
    const hours = (t: string) => Number(t.slice(11, 13));
    expect((hours(shanghai.createTime) - hours(rome.createTime) + 24) % 24).toBeGreaterThanOrEqual(6);
    expect(fallback.createTime).toBe(shanghai.createTime);
  });

  it('keeps the organisation tree: a new company goes under its parent, and a parent in use cannot be deleted', async () => {
    const admin = await s.login('admin');
    const child = await admin.entities.company.save({
      no: 'DEG-MT-S',
      name: 'Swift Lift South Branch',
      type: 2,
      parentId: s.demo.companies.maintenance,
    });
    expect(child.parentName).toBe('Swift Lift Maintenance');
    const manager = await s.login('companyadmin');
    expect((await manager.entities.company.list()).records.map((c) => c.no)).toContain('DEG-MT-S');
    expect((await manager.orgs()).map((o) => o.id)).toContain(child.id);
    const e = await admin.entities.company.remove(s.demo.companies.maintenance).catch((err: ApiError) => err);
    expect((e as ApiError).status).toBe(409);
    await admin.entities.company.remove(child.id);
    expect((await admin.entities.company.list({ no: 'DEG-MT-S' })).total).toBe(0);
  });

  it('creates, updates and deletes a user, and never returns the password', async () => {
    const admin = await s.login('admin');
    const created = await admin.entities.user.save({
      username: 'new_engineer',
      password: 'Passw0rdX',
      name: 'New Engineer',
      phone: '13611112222',
      userType: 2,
      roleIds: [s.demo.roles.maintenance],
      maintainer: true,
      companyId: s.demo.companies.maintenanceNorth,
    });
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('passwordHash');
    expect(created.companyName).toBe('Swift Lift North Branch');
    const listed = JSON.stringify(await admin.entities.user.list({ pageSize: 200 }));
    expect(listed).not.toMatch(/passwordHash|argon2|tokenHash/);
    const updated = await admin.entities.user.save({
      id: created.id,
      username: 'new_engineer',
      name: 'Renamed',
      phone: '13611112222',
      userType: 2,
      roleIds: [],
      maintainer: false,
    });
    expect(updated).toMatchObject({ name: 'Renamed', roleIds: [], maintainer: false });
    expect((await s.login('new_engineer', 'Passw0rdX')).session.get()?.username).toBe('new_engineer');
    await admin.entities.user.remove(created.id);
    const e = await admin.entities.user.get(created.id).catch((err: ApiError) => err);
    expect((e as ApiError).status).toBe(404);
  });

  it('lets the super admin create a tenant with its root company, and freeze it', async () => {
    const root = await s.login('superAdmin');
    const t = await root.entities.tenant.save({
      name: 'Harbour Lifts',
      status: 1,
      initialCompanyName: 'Harbour Lifts Group',
    });
    expect(t.initialCompanyId).toBeGreaterThan(0);
    expect(t.initialCompanyName).toBe('Harbour Lifts Group');
    expect((await root.orgs()).map((o) => o.name)).toContain('Harbour Lifts Group');
    const frozen = await root.entities.tenant.save({
      id: t.id,
      name: 'Harbour Lifts',
      status: 2,
      initialCompanyName: 'Harbour Lifts Group',
    });
    expect(frozen.status).toBe(2);
    await root.entities.tenant.remove(t.id);
    expect((await root.entities.tenant.list({ name: 'Harbour' })).total).toBe(0);
  });

  it('answers the dictionary tree and the organisation selector', async () => {
    const admin = await s.login('admin', undefined, 'zh-CN');
    const dicts = await admin.dicts();
    expect(dicts.userType.find((o) => o.code === 1)?.desc).toBe('企业管理员');
    expect(dicts.elevatorType).toHaveLength(10);
    const orgs = await admin.orgs();
    expect(orgs.map((o) => o.name)).toContain('Swift Lift North Branch');
    expect(orgs.map((o) => o.name)).not.toContain('Coastal Lifts Ltd');
    const root = await s.login('superAdmin');
    expect((await root.orgs())[0]).toEqual({ id: 0, name: 'Platform', parentId: null });
  });

  it('brands the login page per host name without login', async () => {
    const anon = s.anonymous();
    expect((await anon.uiSettingFor('localhost')).systemName).toBe('LiftCloud 电梯云');
    expect((await anon.uiSettingFor('unknown.example')).systemName).toBe('LiftCloud');
    const config = (await s.fetch('config')).body.data as { apiBase: string; wsUrl: string };
    expect(config.apiBase).toBe('/api');
    expect(config.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/api\/ws$/);
  });

  it('answers announcements as a notice list', async () => {
    const general = await s.login('general');
    const notices = await general.announcementNotices();
    expect(notices.total).toBe(2);
    expect(notices.list[0]).toHaveProperty('title');
    const e = await general.entities.announcement.save({ title: 't', content: 'c' }).catch((err: ApiError) => err);
    expect((e as ApiError).status).toBe(403);
  });

  it('publishes OpenAPI 3.1 with every route and its schemas, and a reference page', async () => {
    const doc = (await s.fetch('openapi.json')).body as unknown as OpenApiDocument & {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users',
        '/api/users/{id}',
        '/api/auth/login',
        '/api/dicts/mapTree',
        '/api/main/authChildrenOrg',
      ]),
    );
    // the create body is a named component ($ref): its schema, resolved, carries the username rule
    expect(JSON.stringify(resolveRefs(doc, doc.paths['/api/users']?.post?.requestBody))).toContain('lc-username');
    const page = await fetch(`${s.baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('answers success messages in the request language too', async () => {
    const admin = await s.login('admin');
    const token = admin.session.get()!.token;
    expect((await s.fetch('companies', { token, language: 'zh-CN' })).body.message).toBe('操作成功');
    expect((await s.fetch('companies', { token, language: 'it-Italy' })).body.message).toBe('Operazione riuscita');
  });

  it('accepts an access token directly as a Bearer token, and offers no writes on read-only entities', async () => {
    const admin = await s.login('admin');
    const { token } = await admin.tokens.create('direct bearer');
    expect((await s.fetch('auth/me', { token })).body.data).toMatchObject({ username: 'admin' });
    const { ENTITIES } = await import('@liftcloud/client');
    expect(ENTITIES.loginLog.readOnly).toBe(true);
    const write = await s.fetch('loginLogs', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(404);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const admin = await s.login('admin');
    const r = await s.fetch('noSuchRoute?pageIndex=1', { token: admin.session.get()!.token });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, data: { key: 'error.routeNotFound' } });
  });
});
