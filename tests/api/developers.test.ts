import { randomUUID } from 'node:crypto';
import { rotateDeveloperSecret, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOpenApiRequest } from '../../packages/server/src/services/developers.js';
import { failure } from '../support/errors.js';
import { insertAlarm, insertFault } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const RATE = 25;

describe.each(DIALECTS)('developer accounts and the signed open API on %s', (dialect) => {
  let s: TestServer;
  let superAdmin: LiftCloudClient;
  let admin: LiftCloudClient;
  let harbour: number;
  let greenPark: number;
  let liftA: number;
  let liftB: number;
  let n = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { developers: { openApiRatePerMinute: RATE } } });
    superAdmin = await s.login('superAdmin');
    // the super admin acts in the demo tenant, whose use units the accounts read
    superAdmin.session.setOrgId(s.demo.companies.demoRoot!);
    admin = await s.login('admin');
    const units = await admin.entities.useUnit.list({});
    harbour = units.records.find((u) => u.name === 'Harbour Mall')!.id;
    greenPark = units.records.find((u) => u.name === 'Green Park Tower')!.id;
    const lift = async (name: string, useUnitId: number) =>
      (
        await admin.entities.elevator.save({
          name,
          factoryNo: `${name}-${dialect}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId,
        })
      ).id;
    liftA = await lift('Open lift A', harbour);
    liftB = await lift('Open lift B', greenPark);
    const tenantId = s.demo.tenants.demo;
    const orgId = s.demo.companies.demoRoot!;
    await insertAlarm(s, { tenantId, orgId, elevatorId: liftA }, Date.now() - 60_000);
    await insertAlarm(s, { tenantId, orgId, elevatorId: liftB }, Date.now() - 60_000);
    await insertFault(s, { tenantId, orgId, elevatorId: liftA }, Date.now() - 60_000);
    await insertFault(s, { tenantId, orgId, elevatorId: liftB }, Date.now() - 60_000);
  });
  afterAll(async () => s?.close());

  const createDeveloper = async (useUnitIds: number[]) => {
    const dev = await superAdmin.entities.developer.save({
      code: `DEV-${dialect}-${++n}`,
      name: `Property system ${n}`,
      status: 1,
      type: 1,
      mobile: '13800000000',
      alarmPushUrl: 'http://127.0.0.1:9/alarms',
      subscribeAlarm: true,
      useUnitIds,
    });
    const secret = await superAdmin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: {} });
    return { ...dev, secret: secret.appSecret, appKey: secret.appKey };
  };

  const nonce = () => randomUUID().replaceAll('-', '');
  async function signed(
    path: string,
    account: { appKey: string; secret: string },
    over: { timestamp?: number; nonce?: string; signature?: string; appKey?: string } = {},
  ) {
    const url = `/api/open/v1/${path}`;
    const timestamp = over.timestamp ?? Date.now();
    const once = over.nonce ?? nonce();
    const signature =
      over.signature ??
      signOpenApiRequest(account.secret, { method: 'GET', pathWithQuery: url, timestamp, nonce: once });
    const res = await fetch(`${s.baseUrl}${url}`, {
      headers: {
        'x-app-key': over.appKey ?? account.appKey,
        'x-timestamp': String(timestamp),
        'x-nonce': once,
        'x-signature': signature,
        'accept-language': 'en-US',
      },
    });
    return { status: res.status, body: (await res.json()) as { message: string; data: Record<string, unknown> } };
  }
  const ids = (body: { data: Record<string, unknown> }) =>
    (body.data.records as { id: number; elevatorId?: number }[]).map((r) => r.elevatorId ?? r.id);

  it('keeps every field of domain.md §3, makes the appKey, and shows the secret once, stored sealed', async () => {
    const dev = await createDeveloper([harbour]);
    expect(dev.appKey).toMatch(/^ak_[0-9a-f]{24}$/);
    expect(dev.secret.length).toBeGreaterThanOrEqual(43);
    const read = await superAdmin.entities.developer.get(dev.id);
    expect(read).toMatchObject({ status: 1, type: 1, subscribeAlarm: true, useUnitIds: [harbour] });
    expect(JSON.stringify(read)).not.toContain(dev.secret);
    const row = await s.store.db
      .selectFrom('developers')
      .selectAll()
      .where('id', '=', dev.id)
      .executeTakeFirstOrThrow();
    expect(row.secretEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(dev.secret);
    // a typed-in appKey is refused: the server makes it
    const typed = await failure(
      superAdmin.entities.developer.save({ code: 'X1', name: 'X', status: 1, appKey: 'ak_mine' } as never),
    );
    expect(typed.status).toBe(400);
  });

  it('refuses bad input naming the field, and anyone but the super admin', async () => {
    const bad = await failure(
      superAdmin.entities.developer.save({ code: 'B1', name: 'B', status: 1, alarmPushUrl: 'ftp://x' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('Alarm push URL');
    const mobile = await failure(
      superAdmin.entities.developer.save({ code: 'B2', name: 'B', status: 1, mobile: '12' }),
    );
    expect(mobile.message).toContain('Mobile');
    const list = await failure(admin.entities.developer.list({}));
    expect(list.status).toBe(403);
    const dev = await createDeveloper([harbour]);
    const rotate = await failure(admin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: {} }));
    expect(rotate.status).toBe(403);
    // a use unit of another tenant is no data authority it can be given
    const coastal = await s.login('coastaladmin');
    const coastalUnit = (await coastal.entities.useUnit.list({})).records[0]!.id;
    const foreign = await failure(
      superAdmin.entities.developer.save({ code: 'B3', name: 'B', status: 1, useUnitIds: [coastalUnit] }),
    );
    expect(foreign.status).toBeGreaterThanOrEqual(400);
  });

  it('answers a signed request with the account’s use units only, on every open route', async () => {
    const dev = await createDeveloper([harbour]);
    const elevators = await signed('elevators', dev);
    expect(elevators.status).toBe(200);
    expect(ids(elevators.body)).toContain(liftA);
    expect(ids(elevators.body)).not.toContain(liftB);
    for (const path of ['alarms', 'faults']) {
      const res = await signed(path, dev);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([liftA]);
    }
    for (const path of ['events', 'repairOrders']) {
      const res = await signed(path, dev);
      expect(res.status).toBe(200);
      expect(ids(res.body).every((id) => id === liftA)).toBe(true);
    }
    expect((await signed(`elevators/${liftA}/state`, dev)).status).toBe(200);
    expect((await signed(`elevators/${liftB}/state`, dev)).status).toBe(404);
    expect(ids((await signed(`alarms?elevatorId=${liftB}`, dev)).body)).toEqual([]);
    // an account with no use units reads nothing
    const none = await createDeveloper([]);
    expect((await signed('elevators', none)).body.data.total).toBe(0);
    expect((await signed('alarms', none)).body.data.total).toBe(0);
  });

  it('refuses a bad signature, a replayed nonce, a stale timestamp, an unknown key and missing headers', async () => {
    const dev = await createDeveloper([harbour]);
    const bad = await signed('elevators', dev, {
      signature: signOpenApiRequest('wrong', {
        method: 'GET',
        pathWithQuery: '/api/open/v1/elevators',
        timestamp: Date.now(),
        nonce: nonce(),
      }),
    });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('The request signature is missing or wrong');
    // signed for another path
    const ts = Date.now();
    const once = nonce();
    const other = signOpenApiRequest(dev.secret, {
      method: 'GET',
      pathWithQuery: '/api/open/v1/alarms',
      timestamp: ts,
      nonce: once,
    });
    expect((await signed('elevators', dev, { timestamp: ts, nonce: once, signature: other })).status).toBe(401);
    const first = await signed('elevators', dev, { nonce: 'replayed-nonce-0001' });
    expect(first.status).toBe(200);
    const again = await signed('elevators', dev, { nonce: 'replayed-nonce-0001' });
    expect(again.status).toBe(401);
    expect(again.body.message).toContain('nonce');
    const stale = await signed('elevators', dev, { timestamp: Date.now() - 10 * 60_000 });
    expect(stale.status).toBe(401);
    const unknown = await signed('elevators', dev, { appKey: 'ak_000000000000000000000000' });
    expect(unknown.status).toBe(401);
    const bare = await fetch(`${s.baseUrl}/api/open/v1/elevators`);
    expect(bare.status).toBe(401);
  });

  it('refuses a closed account, and a rotated secret works beside the new one only through its overlap', async () => {
    const dev = await createDeveloper([harbour]);
    const rotated = await superAdmin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: { overlapHours: 1 } });
    expect(rotated.appSecret).not.toBe(dev.secret);
    expect(rotated.previousSecretUntil).not.toBeNull();
    expect((await signed('elevators', dev)).status).toBe(200);
    expect((await signed('elevators', { appKey: dev.appKey, secret: rotated.appSecret })).status).toBe(200);
    const now = await superAdmin.call(rotateDeveloperSecret, { params: { id: dev.id }, body: { overlapHours: 0 } });
    expect(now.previousSecretUntil).toBeNull();
    expect((await signed('elevators', { appKey: dev.appKey, secret: rotated.appSecret })).status).toBe(401);
    const current = { appKey: dev.appKey, secret: now.appSecret };
    expect((await signed('elevators', current)).status).toBe(200);
    await superAdmin.entities.developer.save({ id: dev.id, status: 0 });
    const closed = await signed('elevators', current);
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe('The developer account is closed');
  });

  it('limits the requests of one appKey per minute, counted in the store', async () => {
    // The count is per calendar minute: a burst that crossed into the next minute is tried again with a fresh
    // account (a burst takes far less than a minute, so the second stays within one).
    const burst = async () => {
      const dev = await createDeveloper([harbour]);
      const minute = Math.floor(Date.now() / 60_000);
      const statuses: number[] = [];
      for (let i = 0; i < RATE + 2; i++) statuses.push((await signed('elevators', dev)).status);
      return { statuses, oneMinute: Math.floor(Date.now() / 60_000) === minute };
    };
    let { statuses, oneMinute } = await burst();
    if (!oneMinute) ({ statuses, oneMinute } = await burst());
    expect(oneMinute).toBe(true);
    const other = await createDeveloper([harbour]);
    expect(statuses.slice(0, RATE - 1).every((st) => st === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // another account is not slowed by it
    expect((await signed('elevators', other)).status).toBe(200);
  });

  it('is published under its own tag in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${s.apiBase}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; operationId?: string }>>;
    };
    const op = doc.paths['/api/open/v1/elevators']?.get;
    expect(op?.tags).toEqual(['open-api']);
    expect(op?.operationId).toBe('openListElevators');
    expect(doc.paths['/api/developers/{id}/secret']?.post?.operationId).toBe('rotateDeveloperSecret');
  });
});
