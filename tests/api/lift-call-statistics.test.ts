import { LiftCloudClient, getLiftCallStatistics, upTopic } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { ownerOf, type RecordOwner } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';
import { readXlsx } from '../support/xlsx.js';
import { bounds, wall } from '../support/zoneBounds.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a table, checked by the store
type Loose = Kysely<Record<string, any>>;
const NY = 'America/New_York';
const MIN = 60_000;
const DAY = 86_400_000;
const UNIT = { region: 'Suzhou', longitude: 120.5, latitude: 31.3, owner: 'Owner' };

interface Seeded {
  owner: RecordOwner;
  at: number;
  username: string | null;
  mobile: string | null;
  startFloor: number | null;
  endFloor: number | null;
  operationType: 1 | 2 | 3;
}

describe.each(DIALECTS)('call-elevator statistics on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let inNewYork: LiftCloudClient;
  let db: Loose;
  let a: RecordOwner;
  let b: RecordOwner;
  let c: RecordOwner;
  const now = Date.now();
  const ny = bounds(now, NY);
  /** Every record seeded: the expected figures are filtered from this list, not asked of the store. */
  const seeded: Seeded[] = [];
  let seq = 0;

  const liftCall = async (owner: RecordOwner, at: number, r: Omit<Seeded, 'owner' | 'at'>) => {
    seeded.push({ owner, at, ...r });
    await db
      .insertInto('liftCallRecords')
      .values({
        ...owner,
        ...r,
        dtuCode: '86000000000',
        msgId: `lift-call-${dialect}-${++seq}`,
        callTime: at,
        createTime: at,
        updateTime: at,
      })
      .execute();
  };
  const anna = { username: 'Anna', mobile: '13900000001' };
  const bo = { username: 'Bo', mobile: '13900000002' };

  /** The admin tenant's records from `start` to now (one lift's when named), counted by the test itself. */
  const mine = (start: number, lift?: RecordOwner) =>
    seeded.filter((r) => r.owner !== c && r.at >= start && r.at <= now && (!lift || r.owner === lift));
  const figures = (records: Seeded[]) => ({
    calls: records.length,
    hallCalls: records.filter((r) => r.operationType === 1).length,
    carCalls: records.filter((r) => r.operationType === 2).length,
    destinationCalls: records.filter((r) => r.operationType === 3).length,
    people: new Set(records.flatMap((r) => ((r.mobile ?? r.username) ? [r.mobile ?? r.username] : []))).size,
  });

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    inNewYork = new LiftCloudClient({ baseUrl: s.apiBase, session: admin.session, timeZone: NY });
    db = s.store.db as unknown as Loose;
    const u1 = (await admin.entities.useUnit.save({ name: 'Lift-call mall', ...UNIT })).id;
    const u2 = (await admin.entities.useUnit.save({ name: 'Lift-call tower', ...UNIT })).id;
    const lift = async (client: LiftCloudClient, name: string, useUnitId?: number) =>
      (
        await client.entities.elevator.save({
          name,
          factoryNo: `LC-${dialect}-${name}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId,
        })
      ).id;
    a = await ownerOf(s, await lift(admin, 'Lift-call A', u1));
    b = await ownerOf(s, await lift(admin, 'Lift-call B', u2));
    c = await ownerOf(s, await lift(await s.login('coastaladmin'), 'Lift-call C'));
    const inMonth = (f: number) => Math.floor(ny.month + (now - ny.month) * f);
    // New York's month boundary: the last minute before it, and its first instant
    await liftCall(a, ny.month - MIN, { ...anna, startFloor: 1, endFloor: 12, operationType: 3 });
    await liftCall(a, ny.month, { ...anna, startFloor: 1, endFloor: 12, operationType: 3 });
    await liftCall(a, inMonth(0.3), { ...anna, startFloor: 1, endFloor: 12, operationType: 3 });
    await liftCall(a, inMonth(0.4), { ...bo, startFloor: 5, endFloor: null, operationType: 1 });
    await liftCall(a, inMonth(0.5), { ...bo, startFloor: null, endFloor: 9, operationType: 2 });
    await liftCall(b, inMonth(0.6), { ...anna, startFloor: 3, endFloor: null, operationType: 1 });
    await liftCall(b, inMonth(0.7), {
      username: 'Guest',
      mobile: null,
      startFloor: 2,
      endFloor: null,
      operationType: 1,
    });
    await liftCall(b, inMonth(0.8), { username: null, mobile: null, startFloor: 1, endFloor: 4, operationType: 3 });
    // earlier months: inside six months, and further back
    await liftCall(b, ny.month - 40 * DAY, { ...bo, startFloor: 5, endFloor: null, operationType: 1 });
    await liftCall(a, ny.sixMonths - MIN, { ...anna, startFloor: 1, endFloor: 12, operationType: 3 });
    await liftCall(a, ny.month - 300 * DAY, { ...bo, startFloor: 2, endFloor: 6, operationType: 3 });
    // another tenant's calls at the same instants, by the same people: never counted for the admin
    await liftCall(c, ny.month, { ...anna, startFloor: 1, endFloor: 12, operationType: 3 });
    await liftCall(c, inMonth(0.5), { ...bo, startFloor: 1, endFloor: 2, operationType: 2 });
  });
  afterAll(async () => s?.close());

  it('counts each period from New York’s midnights by operation type and people, as the test counts them', async () => {
    for (const [period, start] of [
      [1, ny.month],
      [2, ny.sixMonths],
      [3, ny.year],
    ] as const) {
      const got = await inNewYork.call(getLiftCallStatistics, { query: { period } });
      expect(got.totals, `period ${period}`).toEqual(figures(mine(start)));
      const w = wall(start, NY);
      expect(got.from).toBe(`${w.y}-${String(w.m).padStart(2, '0')}-01`);
      const byMonth = got.months.reduce((t, m) => t + m.hallCalls + m.carCalls + m.destinationCalls, 0);
      expect(byMonth).toBe(mine(start).length);
    }
    const month = await inNewYork.call(getLiftCallStatistics, { query: { period: 1 } });
    expect(month.rows.find((r) => r.id === a.elevatorId)).toMatchObject(figures(mine(ny.month, a)));
    expect(month.rows.find((r) => r.id === b.elevatorId)).toMatchObject(figures(mine(ny.month, b)));
    // the first instant of the month is in it, the minute before is not
    expect(month.totals.calls).toBe(mine(ny.month).length);
    expect(mine(ny.month).length).toBe(mine(ny.month - MIN).length - 1);
  });

  it('lists who called between which floors and how, most calls first', async () => {
    const month = await inNewYork.call(getLiftCallStatistics, { query: { period: 1, groupBy: 'useUnit' } });
    expect(month.rows.find((r) => r.name === 'Lift-call mall')?.calls).toBe(mine(ny.month, a).length);
    expect(month.rows.find((r) => r.name === 'Lift-call tower')?.calls).toBe(mine(ny.month, b).length);
    const annaUp = mine(ny.month).filter((r) => r.mobile === anna.mobile && r.operationType === 3);
    expect(month.usage[0]).toMatchObject({
      ...anna,
      startFloor: 1,
      endFloor: 12,
      operationType: 3,
      calls: annaUp.length,
    });
    // one line per (username, mobile, floors, operation): as many lines as distinct combinations seeded
    const lines = new Set(
      mine(ny.month).map((r) => [r.username, r.mobile, r.startFloor, r.endFloor, r.operationType].join('|')),
    );
    expect(month.usage).toHaveLength(lines.size);
    expect(month.usageNotListed).toBe(0);
    expect(month.usage.map((u) => u.calls)).toEqual([...month.usage.map((u) => u.calls)].sort((p, q) => q - p));
    expect(month.usage.find((u) => u.username === null && u.mobile === null)).toMatchObject({
      startFloor: 1,
      endFloor: 4,
    });
  });

  it('exports the usage as .xlsx in the request’s language', async () => {
    const res = await fetch(`${s.apiBase}/statistics/liftCalls/export?period=1`, {
      headers: { authorization: `Bearer ${tokenOf(admin)}`, 'accept-language': 'zh-CN', 'x-time-zone': NY },
    });
    expect(res.status).toBe(200);
    const [header, ...rows] = await readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(header).toEqual(['用户名', '手机号', '楼层', '操作类型', '呼梯次数', '最近呼梯']);
    expect(rows).toHaveLength(
      new Set(mine(ny.month).map((r) => [r.username, r.mobile, r.startFloor, r.endFloor, r.operationType].join('|')))
        .size,
    );
    expect(rows[0]!.slice(0, 5)).toEqual(['Anna', '13900000001', '1 → 12', '目的层呼梯', 2]);
    expect(rows.find((r) => r[0] === 'Bo' && r[3] === '外呼')?.[2]).toBe('5');
  });

  it('another tenant sees only its own records; the elevator filter narrows; 851 is needed', async () => {
    const coastal = await s.login('coastaladmin');
    const theirs = await coastal.call(getLiftCallStatistics, { query: { period: 3 } });
    expect(theirs.totals.calls).toBe(
      seeded.filter((r) => r.owner === c && r.at >= bounds(now, 'Asia/Shanghai').year).length,
    );
    expect(theirs.usage.every((u) => u.calls <= 2)).toBe(true);
    const peek = await coastal.call(getLiftCallStatistics, { query: { period: 3, elevatorIds: String(a.elevatorId) } });
    expect(peek.totals.calls).toBe(0);
    expect(peek.usage).toEqual([]);
    const onlyB = await inNewYork.call(getLiftCallStatistics, {
      query: { period: 1, elevatorIds: String(b.elevatorId) },
    });
    expect(onlyB.totals).toEqual(figures(mine(ny.month, b)));
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.call(getLiftCallStatistics, { query: { period: 1 } }))).status).toBe(403);
    const bad = await failure(admin.call(getLiftCallStatistics, { query: { period: 9 } }));
    expect(bad.status).toBe(400);
  });

  it('a gateway’s liftCall event becomes a record; one without its operation type is dropped', async () => {
    const gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86100000051' : '86100000052');
    const device = await connectGateway(s.mqttUrl, gw);
    try {
      const at = Date.UTC(2026, 10, 20, 2, 3, 4); // 10:03:04 in Shanghai, the admin client's zone
      const body = { kind: 'liftCall', ...anna, startFloor: 2, endFloor: 7, operationType: 3 };
      await publishQos1(device, upTopic(gw.dtu, 'event'), JSON.stringify({ id: 'lc1', ts: at, ...body }));
      const listed = await admin.entities.liftCallRecord.list({ elevatorId: gw.elevatorId });
      expect(listed.total).toBe(1);
      expect(listed.records[0]).toMatchObject({ ...anna, callTime: '2026-11-20 10:03:04', startFloor: 2, endFloor: 7 });
      expect(listed.records[0]!.operationType).toBe(3);
      // not an event record, and a message without the operation type is malformed
      expect((await admin.entities.eventRecord.list({ elevatorId: gw.elevatorId })).total).toBe(0);
      const malformed = s.app.monitoring.ingest.stats.malformed;
      const { operationType: _dropped, ...without } = body;
      await publishQos1(device, upTopic(gw.dtu, 'event'), JSON.stringify({ id: 'lc2', ts: at, ...without }));
      expect(s.app.monitoring.ingest.stats.malformed).toBe(malformed + 1);
      expect((await admin.entities.liftCallRecord.list({ elevatorId: gw.elevatorId })).total).toBe(1);
    } finally {
      device.end(true);
    }
  });
});
