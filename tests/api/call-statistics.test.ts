import { LiftCloudClient, getCallStatistics } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { ownerOf, type RecordOwner } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';
import { bounds, wall } from '../support/zoneBounds.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a table, checked by the store
type Loose = Kysely<Record<string, any>>;
const NY = 'America/New_York';
const SH = 'Asia/Shanghai';
const MIN = 60_000;
const DAY = 86_400_000;
const UNIT = { region: 'Suzhou', longitude: 120.5, latitude: 31.3, owner: 'Owner' };

describe.each(DIALECTS)('call statistics on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let inNewYork: LiftCloudClient;
  let db: Loose;
  let a: RecordOwner;
  let b: RecordOwner;
  let c: RecordOwner;
  const now = Date.now();
  const ny = bounds(now, NY);
  /** Every call seeded: the expected counts are filtered from this list, not asked of the store. */
  const seeded: { owner: RecordOwner; at: number; seconds: number | null; originator: string; phone: string }[] = [];
  let seq = 0;

  const call = async (
    owner: RecordOwner,
    at: number,
    seconds: number | null,
    originator = 'Passenger',
    phone = '13800000001',
  ) => {
    seeded.push({ owner, at, seconds, originator, phone });
    await db
      .insertInto('callRecords')
      .values({
        ...owner,
        dtuCode: '86000000000',
        msgId: `call-${dialect}-${++seq}`,
        callTime: at,
        durationSeconds: seconds,
        originator,
        connector: seconds ? 'Duty room' : null,
        phone,
        createTime: at,
        updateTime: at,
      })
      .execute();
  };

  /** Calls of the admin's tenant (lifts a and b) from `start` to now, counted by the test itself. */
  const expected = (start: number, lift?: RecordOwner) => {
    const mine = seeded.filter(
      (r) => r.owner.tenantId === a.tenantId && r.at >= start && r.at <= now && (!lift || r.owner === lift),
    );
    const answered = mine.filter((r) => (r.seconds ?? 0) > 0);
    return {
      calls: mine.length,
      answered: answered.length,
      unanswered: mine.length - answered.length,
      totalSeconds: answered.reduce((t, r) => t + r.seconds!, 0),
    };
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    inNewYork = new LiftCloudClient({ baseUrl: s.apiBase, session: admin.session, timeZone: NY });
    db = s.store.db as unknown as Loose;
    const u1 = (await admin.entities.useUnit.save({ name: 'Call mall', ...UNIT })).id;
    const u2 = (await admin.entities.useUnit.save({ name: 'Call tower', ...UNIT })).id;
    const lift = async (client: LiftCloudClient, name: string, useUnitId?: number) =>
      (
        await client.entities.elevator.save({
          name,
          factoryNo: `CS-${dialect}-${name}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId,
        })
      ).id;
    a = await ownerOf(s, await lift(admin, 'Call A', u1));
    b = await ownerOf(s, await lift(admin, 'Call B', u2));
    c = await ownerOf(s, await lift(await s.login('coastaladmin'), 'Call C'));
    const inMonth = (f: number) => Math.floor(ny.month + (now - ny.month) * f);
    // around New York's month boundary: the last minute before it and its very first instant
    await call(a, ny.month - MIN, 40, 'Night guard', '13900000002');
    await call(a, ny.month, 30);
    await call(a, inMonth(0.5), 90);
    await call(a, inMonth(0.75), 0); // rang, nobody answered
    await call(b, inMonth(0.6), null);
    await call(b, inMonth(0.9), 12, 'Night guard', '13900000002');
    // earlier months: inside six months, and a year back (outside all three periods unless it is January)
    await call(a, ny.month - 20 * DAY, 15);
    await call(b, ny.sixMonths - MIN, 25);
    await call(a, ny.month - 200 * DAY, 5);
    // another tenant's call at the same instants: never counted for the admin
    await call(c, ny.month, 60);
    await call(c, inMonth(0.5), 60);
  });
  afterAll(async () => s?.close());

  it('counts each period from New York’s midnights, as the test counts the seeded calls', async () => {
    for (const [period, start] of [
      [1, ny.month],
      [2, ny.sixMonths],
      [3, ny.year],
    ] as const) {
      const got = await inNewYork.call(getCallStatistics, { query: { period } });
      expect(got.totals, `period ${period}`).toMatchObject(expected(start));
      const w = wall(start, NY);
      expect(got.from).toBe(`${w.y}-${String(w.m).padStart(2, '0')}-01`);
      expect(got.months.reduce((t, m) => t + m.calls, 0)).toBe(expected(start).calls);
    }
    const month = await inNewYork.call(getCallStatistics, { query: { period: 1 } });
    expect(month.rows.find((r) => r.id === a.elevatorId)).toMatchObject(expected(ny.month, a));
    expect(month.rows.find((r) => r.id === b.elevatorId)).toMatchObject(expected(ny.month, b));
    // the mean is over the answered calls
    const e = expected(ny.month);
    expect(month.totals.meanSeconds).toBeCloseTo(e.totalSeconds / e.answered, 1);
    // the first instant of the month is in it, the minute before is not
    expect(month.totals.calls).toBe(seeded.filter((r) => r.owner !== c && r.at >= ny.month && r.at <= now).length);
  });

  it('the same calls from Shanghai cut at Shanghai’s midnight', async () => {
    const sh = bounds(now, SH);
    const got = await admin.call(getCallStatistics, { query: { period: 1 } });
    expect(got.totals).toMatchObject(expected(sh.month));
    // the call a minute before New York's month began is in Shanghai's month (when both are in the same month)
    if (wall(now, SH).m === wall(now, NY).m) expect(got.totals.calls).toBe(expected(ny.month).calls + 1);
  });

  it('groups by use unit and lists the callers, most calls first', async () => {
    const byUnit = await inNewYork.call(getCallStatistics, { query: { period: 1, groupBy: 'useUnit' } });
    expect(byUnit.rows.find((r) => r.name === 'Call mall')?.calls).toBe(expected(ny.month, a).calls);
    expect(byUnit.rows.find((r) => r.name === 'Call tower')?.calls).toBe(expected(ny.month, b).calls);
    const year = await inNewYork.call(getCallStatistics, { query: { period: 3 } });
    const counted = seeded.filter((r) => r.owner !== c && r.at >= ny.year && r.at <= now);
    const guard = counted.filter((r) => r.originator === 'Night guard');
    expect(year.callers.find((x) => x.originator === 'Night guard')).toMatchObject({
      phone: '13900000002',
      calls: guard.length,
    });
    expect(year.callers.map((x) => x.calls)).toEqual([...year.callers.map((x) => x.calls)].sort((p, q) => q - p));
  });

  it('another tenant sees only its own calls; the elevator filter narrows; 851 is needed', async () => {
    const coastal = await s.login('coastaladmin');
    const theirs = await coastal.call(getCallStatistics, { query: { period: 3 } });
    expect(theirs.totals.calls).toBe(seeded.filter((r) => r.owner === c && r.at >= bounds(now, SH).year).length);
    expect(theirs.rows.map((r) => r.id)).not.toContain(a.elevatorId);
    // asking for the admin's lift by id gives them nothing of it
    const peek = await coastal.call(getCallStatistics, { query: { period: 3, elevatorIds: String(a.elevatorId) } });
    expect(peek.totals.calls).toBe(0);
    const onlyB = await inNewYork.call(getCallStatistics, { query: { period: 1, elevatorIds: String(b.elevatorId) } });
    expect(onlyB.totals).toMatchObject(expected(ny.month, b));
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.call(getCallStatistics, { query: { period: 1 } }))).status).toBe(403);
    const bad = await failure(admin.call(getCallStatistics, { query: { period: 9 } }));
    expect(bad.status).toBe(400);
  });
});
