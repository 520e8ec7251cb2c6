import { MAX_FLOOR } from '@liftcloud/client';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

describe.each(DIALECTS)('elevator and device registry on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  const lift = (n: number, extra: Record<string, unknown> = {}) => ({
    name: `Tower lift ${n}`,
    factoryNo: `FN-${n}`,
    elevatorType: 1,
    useStatus: 1,
    maintenanceCompanyId: s.demo.companies.maintenance,
    ...extra,
  });

  it('needs a factory number or a register code, and names the rule', async () => {
    const admin = await s.login('admin', undefined, 'zh-CN');
    const e = await failure(admin.entities.elevator.save({ name: 'No codes', elevatorType: 1, useStatus: 1 }));
    expect(e.fieldErrors[0]).toMatchObject({ field: 'factoryNo', rule: 'rule.factoryNoOrRegisterCode' });
    expect(e.fieldErrors[0]?.message).toContain('出厂编号');
    const ok = await admin.entities.elevator.save({
      name: 'Register only',
      registerCode: 'REG-1',
      elevatorType: 1,
      useStatus: 1,
    });
    expect(ok.registerCode).toBe('REG-1');
  });

  it('refuses a floor count above 64, an unknown elevator type and a bad DTU number', async () => {
    const admin = await s.login('admin');
    const floors = await failure(admin.entities.elevator.save(lift(2, { floors: MAX_FLOOR + 1 })));
    expect(floors.fieldErrors[0]?.message).toBe('Floors: must be at most 64');
    const type = await failure(admin.entities.elevator.save(lift(3, { elevatorType: 11 })));
    expect(type.fieldErrors[0]?.message).toBe('Elevator type: must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10');
    const dtu = await failure(admin.entities.gatewayDevice.save({ dtuCode: '1234' }));
    expect(dtu.fieldErrors[0]?.message).toBe('DTU number: the DTU number must be 11 digits');
  });

  it('shows an elevator to its maintenance company, not to an unrelated branch', async () => {
    const admin = await s.login('admin');
    const created = await admin.entities.elevator.save(lift(4, { maintainerIds: [s.demo.users.companyuser] }));
    expect(created.maintainerIds).toEqual([s.demo.users.companyuser]);
    expect(created.maintenanceCompanyName).toBe('Swift Lift Maintenance');
    const maintenance = await s.login('companyadmin');
    expect((await maintenance.entities.elevator.list({ factoryNo: 'FN-4' })).total).toBe(1);
    const property = await s.login('general'); // Viewer holds 110, Green Park Property
    expect((await property.entities.elevator.list({ factoryNo: 'FN-4' })).total).toBe(0);
  });

  it('keeps floor mappings and parts of an elevator, with their rules', async () => {
    const admin = await s.login('admin');
    const e = await admin.entities.elevator.save(lift(5));
    const floor = await admin.entities.floorMapping.save({
      elevatorId: e.id,
      actualFloor: 1,
      displayedFloor: 'G',
      stopsAtFloor: true,
      statusFloorCode: 'A0',
      faultFloorCode: 'MC',
    });
    expect(floor.displayedFloor).toBe('G');
    const high = await failure(
      admin.entities.floorMapping.save({
        elevatorId: e.id,
        actualFloor: 65,
        displayedFloor: '65',
        stopsAtFloor: true,
        statusFloorCode: 'A0',
        faultFloorCode: 'MC',
      }),
    );
    expect(high.fieldErrors[0]?.field).toBe('actualFloor');
    const incomplete = await failure(admin.entities.floorMapping.save({ elevatorId: e.id, actualFloor: 2 } as never));
    expect(incomplete.fieldErrors.map((f) => f.field).sort()).toEqual([
      'displayedFloor',
      'faultFloorCode',
      'statusFloorCode',
      'stopsAtFloor',
    ]);
    const part = await admin.entities.elevatorPart.save({
      elevatorId: e.id,
      category: 'Door',
      name: 'Door operator',
      status: 1,
      activateTime: '2026-01-02 03:04:05',
    });
    expect(part.activateTime).toBe('2026-01-02 03:04:05');
    expect((await admin.entities.elevatorPart.list({ elevatorId: e.id })).total).toBe(1);
  });

  it('binds a gateway to an elevator, asks before taking another gateway’s place, and unbinds', async () => {
    const admin = await s.login('admin');
    const e = await admin.entities.elevator.save(lift(6));
    const g1 = await admin.entities.gatewayDevice.save({ dtuCode: '86000000001' });
    const g2 = await admin.entities.gatewayDevice.save({ dtuCode: '86000000002' });
    const token = tokenOf(admin);
    const bind = (gid: number, body: unknown) =>
      s.fetch(`gatewayDevices/${gid}/bind`, {
        method: 'PUT',
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await bind(g1.id, { elevatorId: e.id })).status).toBe(200);
    expect(await admin.entities.gatewayDevice.get(g1.id)).toMatchObject({
      bindState: true,
      elevatorId: e.id,
      elevatorName: 'Tower lift 6',
    });
    expect((await admin.entities.elevator.get(e.id)).dtuCode).toBe('86000000001');
    const ask = await bind(g2.id, { elevatorId: e.id });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe('Elevator: already bound to elevator Tower lift 6; replace the binding?');
    expect((await bind(g2.id, { elevatorId: e.id, replace: true })).status).toBe(200);
    expect((await admin.entities.gatewayDevice.get(g1.id)).bindState).toBe(false);
    expect((await bind(g2.id, { elevatorId: null })).status).toBe(200);
    expect((await admin.entities.gatewayDevice.get(g2.id)).elevatorId).toBeNull();
  });

  it('puts gateways on and off the blacklist and sets protocols, only after one is chosen', async () => {
    const admin = await s.login('admin');
    const g = await admin.entities.gatewayDevice.save({ dtuCode: '86000000003' });
    const token = tokenOf(admin);
    const put = (path: string, body: unknown, language: 'en-US' | 'it-Italy' = 'en-US') =>
      s.fetch(path, {
        method: 'PUT',
        token,
        language,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put('gatewayDevices/blacklist', { ids: [g.id], black: true })).status).toBe(200);
    expect((await admin.entities.gatewayDevice.get(g.id)).blackStatus).toBe(true);
    const none = await put('gatewayDevices/blacklist', { ids: [], black: true });
    expect(none.status).toBe(400);
    expect((none.body.data as { errors: { field: string }[] }).errors[0]?.field).toBe('ids');
    expect((await put('gatewayDevices/protocol', { ids: [g.id], protocols: 'monarch', polePairs: 4 })).status).toBe(
      200,
    );
    expect(await admin.entities.gatewayDevice.get(g.id)).toMatchObject({ protocols: 'monarch', polePairs: 4 });
    const coastal = tokenOf(await s.login('coastaladmin'));
    const foreign = await s.fetch('gatewayDevices/blacklist', {
      method: 'PUT',
      token: coastal,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [g.id], black: false }),
    });
    expect(foreign.status).toBe(404);
    expect((await admin.entities.gatewayDevice.get(g.id)).blackStatus).toBe(true);
  });

  it('keeps DTU numbers, MACs and parts ids unique across tenants', async () => {
    const admin = await s.login('admin');
    const coastal = await s.login('coastaladmin');
    await admin.entities.gatewayDevice.save({ dtuCode: '86000000009' });
    const e = await failure(coastal.entities.gatewayDevice.save({ dtuCode: '86000000009' }));
    expect(e.status).toBe(409);
    const short = await failure(admin.entities.part.save({ no: 'P1', name: 'Rope', partsSn: 'x'.repeat(33) }));
    expect(short.fieldErrors[0]?.message).toBe('Parts id: must be exactly 34 characters');
  });

  it('asks before moving a smart screen bound to another elevator, and moves it when confirmed', async () => {
    const admin = await s.login('admin');
    const a = await admin.entities.elevator.save(lift(7));
    const b = await admin.entities.elevator.save(lift(8));
    const card = await admin.entities.programCard.save({ name: 'Card' });
    const screen = { mac: '11:22:33:44:55:66', password: 'abc123', programCardId: card.id, area: 'Car' };
    await admin.entities.smartScreen.save({ ...screen, elevatorId: a.id });
    const weak = await failure(
      admin.entities.smartScreen.save({ ...screen, mac: '11:22:33:44:55:67', password: 'ab-12', elevatorId: b.id }),
    );
    expect(weak.fieldErrors[0]?.rule).toBe('rule.screenPassword');
    const token = tokenOf(admin);
    const post = (q: string) =>
      s.fetch(`smartScreens${q}`, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...screen, elevatorId: b.id }),
      });
    const ask = await post('');
    expect(ask.status).toBe(409);
    expect((ask.body.data as { errors: { rule: string }[] }).errors[0]?.rule).toBe('rule.boundElsewhere');
    const moved = await post('?replace=true');
    expect(moved.status).toBe(200);
    const screens = await admin.entities.smartScreen.list({ mac: '11:22:33:44:55:66' });
    expect(screens.records.map((r) => r.elevatorId)).toEqual([b.id]);
  });

  it('reviews a network application and generates its elevator once', async () => {
    const admin = await s.login('admin');
    const apply = await admin.entities.netApply.save({
      elevatorName: 'Applied lift',
      factoryNo: 'AP-1',
      elevatorType: 6,
      dtuCode: '86000000100',
      useUnitName: 'Harbour Mall',
    });
    expect(apply).toMatchObject({ createSource: 1, status: 0, generated: false });
    const token = tokenOf(admin);
    const early = await s.fetch(`netApplies/${apply.id}/generate`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(early.status).toBe(409);
    expect(
      (
        await s.fetch(`netApplies/${apply.id}/review`, {
          method: 'PUT',
          token,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    const gen = await s.fetch(`netApplies/${apply.id}/generate`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(gen.status).toBe(200);
    const elevatorId = (gen.body.data as { elevatorId: number }).elevatorId;
    expect(await admin.entities.elevator.get(elevatorId)).toMatchObject({
      name: 'Applied lift',
      elevatorType: 6,
      dtuCode: '86000000100',
    });
    expect((await admin.entities.netApply.get(apply.id)).generated).toBe(true);
    const twice = await s.fetch(`netApplies/${apply.id}/generate`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(twice.status).toBe(409);
  });

  it('takes a firmware file only when its MD5 matches the version', async () => {
    const root = await s.login('superAdmin');
    const bytes = Buffer.from('firmware image v2.1\n'.repeat(1000));
    const md5 = createHash('md5').update(bytes).digest('hex');
    const version = await root.entities.gatewayVersion.save({
      softwareName: 'DTU',
      versionId: `fw-${dialect}`,
      version: '2.1',
      status: 1,
      md5,
    });
    const send = (content: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)]), 'fw.bin');
      return s.fetch(`gatewayVersions/${version.id}/file`, { method: 'POST', token: tokenOf(root), body: form });
    };
    const wrong = await send(Buffer.from('tampered'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('MD5');
    const right = await send(bytes);
    expect(right.status).toBe(200);
    const url = (right.body.data as { url: string }).url;
    expect(url).toMatch(/^\/api\/files\/\d+$/);
    expect((await root.entities.gatewayVersion.get(version.id)).fileUrl).toBe(url);
    expect((await fetch(`${s.baseUrl}${url}`)).status).toBe(401);
    // every tenant reads the platform's versions, and so their program files
    const admin = await s.login('admin');
    const served = await fetch(`${s.baseUrl}${url}`, { headers: { authorization: `Bearer ${tokenOf(admin)}` } });
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(
      createHash('md5')
        .update(Buffer.from(await served.arrayBuffer()))
        .digest('hex'),
    ).toBe(md5);
    // a new upload replaces the program file; deleting the version deletes it
    const again = await send(bytes);
    const newer = (again.body.data as { url: string }).url;
    expect(newer).not.toBe(url);
    const status = (u: string) =>
      fetch(`${s.baseUrl}${u}`, { headers: { authorization: `Bearer ${tokenOf(admin)}` } }).then((r) => r.status);
    expect(await status(url)).toBe(404);
    expect(await status(newer)).toBe(200);
    await root.entities.gatewayVersion.remove(version.id);
    expect(await status(newer)).toBe(404);
  });
});
