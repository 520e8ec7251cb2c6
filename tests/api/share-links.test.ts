import type { LiftCloudClient, PublicWorkOrder } from '@liftcloud/client';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFromFile, keyFromStore, ShareLinkSigner } from '../../packages/server/src/services/share-links.js';
import { alarmedElevator, type AlarmedElevator } from '../support/alarmedElevator.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const json = { 'content-type': 'application/json' };
const LINK = /^\/h5workOrder\/(\d+)\?sig=([A-Za-z0-9_-]{43})&exp=(\d+)$/;

const parse = (path: string) => {
  const m = LINK.exec(path);
  if (!m) throw new Error(`not a share link: ${path}`);
  return { id: m[1]!, sig: m[2]!, exp: m[3]! };
};

describe.each(DIALECTS)('signed links to the mobile work order page on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let lift: AlarmedElevator;
  let dir: string;
  let signer: ShareLinkSigner;
  /** The cancelled first order and the open second one, on the same elevator. */
  let first: number;
  let second: number;
  const post = (path: string, body: unknown, client: LiftCloudClient = admin, language?: 'zh-CN' | 'it-Italy') =>
    s.fetch(path, { method: 'POST', token: tokenOf(client), headers: json, body: JSON.stringify(body), language });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'share-key-'));
    // SQLite keeps the key in a DATA_DIR file (as npm start does); PostgreSQL in the store
    const keyFile = join(dir, 'data', 'share-link.key');
    s = await startTestServer({ dialect, app: dialect === 'sqlite' ? { shareLinkKeyFile: keyFile } : {} });
    signer = new ShareLinkSigner(dialect === 'sqlite' ? keyFromFile(keyFile) : await keyFromStore(s.store));
    admin = await s.login('admin');
    lift = await alarmedElevator(s, admin, dialect === 'sqlite' ? '86177700001' : '86177700002');
    await lift.alarm('a-1');
    first = (await admin.entities.workOrder.list({ elevatorId: lift.elevatorId })).records[0]!.id;
    expect((await post(`workOrders/${first}/cancel`, { reason: 'Test call' })).status).toBe(200);
    await lift.alarm('a-2');
    second = (await admin.entities.workOrder.list({ elevatorId: lift.elevatorId, recordState: 0 })).records[0]!.id;
    expect((await post(`workOrders/${second}/receive`, {})).status).toBe(200);
    const repairer = s.demo.users.companyuser!;
    expect((await post(`workOrders/${second}/people`, { userId: repairer, role: 'repair' })).status).toBe(200);
  });
  afterAll(async () => {
    lift?.device.end(true);
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mints a link valid for 7 days that opens the order without a login, holding only the field view', async () => {
    const before = Math.floor(Date.now() / 1000);
    const link = await admin.workOrderLinks.create(second);
    const after = Math.ceil(Date.now() / 1000);
    const { id, sig, exp } = parse(link.path);
    expect(Number(id)).toBe(second);
    // 7 days from the moment the server minted it, somewhere between the request and its answer
    expect(Number(exp)).toBeGreaterThanOrEqual(before + 7 * 24 * 3600);
    expect(Number(exp)).toBeLessThanOrEqual(after + 7 * 24 * 3600);
    expect(link.expireTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const order: PublicWorkOrder = await s.anonymous('en-US').workOrderLinks.read(second, { sig, exp });
    const raw = await fetch(`${s.apiBase}/public/workOrders/${second}?sig=${sig}&exp=${exp}`);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(order).sort()).toEqual(
      [
        'address',
        'alarmTime',
        'alarmType',
        'contactPerson',
        'contactPhone',
        'elevatorName',
        'finishTime',
        'linkExpireTime',
        'paused',
        'people',
        'peopleTrapped',
        'receivedTime',
        'state',
        'timeline',
        'workOrderNo',
      ].sort(),
    );
    expect(order).toMatchObject({
      elevatorName: 'Harbour Tower A',
      address: '88 Harbour Road',
      alarmType: 1,
      state: 1,
      paused: false,
      peopleTrapped: true,
      finishTime: null,
      // the order names no contact: the building's (its use unit's) is given
      contactPerson: 'Ms Site Keeper',
      // read without signing in: masked, first 2 and last 4 characters
      contactPhone: '13*****0001',
      linkExpireTime: link.expireTime,
    });
    expect(order.receivedTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // people by name and role only: no user ids
    expect(order.people).toHaveLength(1);
    expect(Object.keys(order.people[0]!).sort()).toEqual(['name', 'role']);
    expect(order.people[0]!.role).toBe('repair');
    expect(order.timeline.map((t) => [t.action, t.state, t.userName])).toEqual([
      ['report', 0, null],
      ['receive', 1, 'admin'],
    ]);
    for (const step of order.timeline)
      expect(Object.keys(step).sort()).toEqual(['action', 'note', 'state', 'time', 'userName']);
    // nothing of the first order leaks into the second's answer
    expect(JSON.stringify(order)).not.toContain('Test call');
  });

  it('answers every flawed link alike: tampered, another order’s, expired, missing or malformed', async () => {
    const { sig, exp } = parse((await admin.workOrderLinks.create(second)).path);
    const firstLink = parse((await admin.workOrderLinks.create(first)).path);
    const past = String(Math.floor(Date.now() / 1000) - 60);
    const future = String(Math.floor(Date.now() / 1000) + 3600);
    // the test's own signature with the server's key works while it is current, so "expired" below is only the time
    expect(
      (await s.fetch(`public/workOrders/${second}?sig=${signer.sign(second, Number(future))}&exp=${future}`)).status,
    ).toBe(200);
    const flip = (v: string) => (v[0] === 'A' ? 'B' : 'A') + v.slice(1);
    const flawed = [
      `public/workOrders/${second}?sig=${flip(sig)}&exp=${exp}`,
      `public/workOrders/${second}?sig=${sig}&exp=${Number(exp) + 1}`,
      `public/workOrders/${second}?sig=${firstLink.sig}&exp=${firstLink.exp}`,
      `public/workOrders/${first}?sig=${sig}&exp=${exp}`,
      `public/workOrders/${second + 1000}?sig=${sig}&exp=${exp}`,
      `public/workOrders/${second}?sig=${signer.sign(second, Number(past))}&exp=${past}`,
      `public/workOrders/${second}?exp=${exp}`,
      `public/workOrders/${second}?sig=${sig}`,
      `public/workOrders/${second}`,
      `public/workOrders/${second}?sig=${sig}x&exp=${exp}`,
      `public/workOrders/${second}?sig=${sig}&exp=-5`,
      `public/workOrders/abc?sig=${sig}&exp=${exp}`,
      `public/workOrders/0${second}?sig=${sig}&exp=${exp}`,
    ];
    const answers = await Promise.all(flawed.map((path) => s.fetch(path)));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toMatchObject({
      code: 404,
      message: 'This link is invalid or has expired: ask for a new one',
      data: { key: 'shareLink.invalid' },
    });
    const zh = await s.fetch(`public/workOrders/${second}?sig=${flip(sig)}&exp=${exp}`, { language: 'zh-CN' });
    expect(zh.body.message).toBe('链接无效或已过期，请重新获取');
    // a signed-in caller's session changes nothing about a public read
    const signedIn = await s.fetch(`public/workOrders/${second}`, { token: tokenOf(admin) });
    expect(signedIn.status).toBe(404);
  });

  it('mints only for callers who may read the order, and checks the lifetime with a named field', async () => {
    const missing = await post(`workOrders/${second + 1000}/shareLink`, {});
    const coastal = await post(`workOrders/${second}/shareLink`, {}, await s.login('coastaladmin'));
    expect(coastal.status).toBe(404);
    expect(coastal.body).toEqual(missing.body);
    const viewer = await post(`workOrders/${second}/shareLink`, {}, await s.login('general'));
    expect(viewer.status).toBe(403);
    const anonymous = await s.fetch(`workOrders/${second}/shareLink`, { method: 'POST', headers: json, body: '{}' });
    expect(anonymous.status).toBe(401);

    const minting = Math.floor(Date.now() / 1000);
    const day = parse((await admin.workOrderLinks.create(second, { expiresInHours: 24 })).path);
    const minted = Math.ceil(Date.now() / 1000);
    expect(Number(day.exp)).toBeGreaterThanOrEqual(minting + 24 * 3600);
    expect(Number(day.exp)).toBeLessThanOrEqual(minted + 24 * 3600);
    const tooLong = await post(`workOrders/${second}/shareLink`, { expiresInHours: 721 }, admin, 'zh-CN');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data).toMatchObject({ errors: [{ field: 'expiresInHours', rule: 'validation.maximum' }] });
    expect(tooLong.body.message).toContain('有效时长(小时)');
    expect(tooLong.body.message).toContain('720');
    const zero = await post(`workOrders/${second}/shareLink`, { expiresInHours: 0 }, admin, 'it-Italy');
    expect(zero.body.data).toMatchObject({ errors: [{ field: 'expiresInHours', rule: 'validation.minimum' }] });
    expect(zero.body.message).toContain('Validità (ore)');
    const text = await post(`workOrders/${second}/shareLink`, { expiresInHours: 'week' });
    expect(text.body.data).toMatchObject({ errors: [{ field: 'expiresInHours', rule: 'validation.type' }] });
    const extra = await post(`workOrders/${second}/shareLink`, { expiresInHours: 2, forUser: 1 });
    expect(extra.status).toBe(400);
  });

  it('stops answering while the order’s tenant is frozen', async () => {
    const { sig, exp } = parse((await admin.workOrderLinks.create(second)).path);
    const read = () => s.fetch(`public/workOrders/${second}?sig=${sig}&exp=${exp}`);
    expect((await read()).status).toBe(200);
    const root = await s.login('superAdmin');
    const tenant = await root.entities.tenant.get(s.demo.tenants.demo);
    const fields = { id: tenant.id, name: tenant.name, initialCompanyName: tenant.initialCompanyName };
    await root.entities.tenant.save({ ...fields, status: 2 });
    try {
      const frozen = await read();
      expect(frozen.status).toBe(404);
      expect(frozen.body.data).toEqual({ key: 'shareLink.invalid' });
    } finally {
      await root.entities.tenant.save({ ...fields, status: 1 });
    }
    expect((await read()).status).toBe(200);
  });

  it('keeps one signing key: a file readable by the server only, or one row shared by every instance', async () => {
    const again = new ShareLinkSigner(
      dialect === 'sqlite' ? keyFromFile(join(dir, 'data', 'share-link.key')) : await keyFromStore(s.store),
    );
    expect(again.sign(second, 1)).toBe(signer.sign(second, 1));
    if (dialect === 'sqlite') expect(statSync(join(dir, 'data', 'share-link.key')).mode & 0o777).toBe(0o600);
    // the key the server signs with is that one
    const { sig, exp } = parse((await admin.workOrderLinks.create(second)).path);
    expect(sig).toBe(again.sign(second, Number(exp)));
  });
});

describe('the public read is rate-limited per IP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ loginRatePerMinute: 3 });
  });
  afterAll(async () => s?.close());

  it('answers 429 past the login rate', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await s.fetch(`public/workOrders/1?sig=x&exp=1`)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
