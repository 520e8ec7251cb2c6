import { LiftCloudClient, formatDateTime, getStatistics, parseDateTime, type Statistics } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodSpan } from '../../packages/server/src/services/statistics.js';
import { failure } from '../support/errors.js';
import { ownerOf, type RecordOwner } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several tables, checked by the store
type Loose = Kysely<Record<string, any>>;
const HOUR = 3_600_000;
const MIN = 60_000;
const NY = 'America/New_York';
const UNIT = { region: 'Suzhou', longitude: 120.5, latitude: 31.3, owner: 'Owner' };

describe('statistics periods', () => {
  it('cut at the caller’s midnights: the month, six months and the year, in New York and in Shanghai', () => {
    // 00:30 on 1 March 2026 in Shanghai is still 28 February in New York
    const now = Date.parse('2026-02-28T16:30:00Z');
    const sh = periodSpan(1, now, 'Asia/Shanghai');
    const ny = periodSpan(1, now, NY);
    expect([sh.from, sh.to]).toEqual(['2026-03-01', '2026-03-01']);
    expect([ny.from, ny.to]).toEqual(['2026-02-01', '2026-02-28']);
    expect(ny.start).toBe(Date.parse('2026-02-01T05:00:00Z'));
    expect(ny.end).toBe(Date.parse('2026-03-01T05:00:00Z'));
    const six = periodSpan(2, now, NY);
    expect(six.months.map((m) => m.month)).toEqual(['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
    // New York's clocks go forward on 8 March 2026: that month's end is at 04:00 UTC, not 05:00
    const year = periodSpan(3, Date.parse('2026-04-10T12:00:00Z'), NY);
    expect(year.from).toBe('2026-01-01');
    expect(year.months.find((m) => m.month === '2026-03')!.end).toBe(Date.parse('2026-04-01T04:00:00Z'));
  });
});

describe.each(DIALECTS)('statistics on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let inNewYork: LiftCloudClient;
  let db: Loose;
  let a: RecordOwner;
  let b: RecordOwner;
  let c: RecordOwner;
  const now = Date.now();
  const nyStart = periodSpan(1, now, NY).start;
  let seq = 0;
  const seeded = { faults: [] as [number, number][], alarms: [] as [number, number, number][] };

  const fault = async (o: RecordOwner, at: number) => {
    seeded.faults.push([o.elevatorId, at]);
    await db
      .insertInto('faultRecords')
      .values({
        ...o,
        dtuCode: '86000000000',
        msgId: `sf-${++seq}`,
        faultNo: 'E35',
        faultTime: at,
        createTime: at,
        updateTime: at,
      })
      .execute();
  };
  const alarm = async (o: RecordOwner, at: number, type: number) => {
    seeded.alarms.push([o.elevatorId, at, type]);
    await db
      .insertInto('alarmRecords')
      .values({
        ...o,
        dtuCode: '86000000000',
        msgId: `sa-${++seq}`,
        type,
        floor: 1,
        cleared: 0,
        alarmTime: at,
        createTime: at,
        updateTime: at,
      })
      .execute();
  };
  const event = async (o: RecordOwner, kind: string, at: number) =>
    db
      .insertInto('eventRecords')
      .values({
        ...o,
        dtuCode: '86000000000',
        msgId: `se-${++seq}`,
        kind,
        eventTime: at,
        detail: '{}',
        createTime: at,
        updateTime: at,
      })
      .execute();
  const order = async (o: RecordOwner, at: number, steps: { receive?: number; arrive?: number; finish?: number }) => {
    const row = await db
      .insertInto('workOrders')
      .values({
        ...o,
        workOrderNo: `S${process.pid}-${++seq}`,
        type: 1,
        recordState: steps.finish ? 3 : 1,
        alarmTime: at,
        repairMethod: 1,
        finishTime: steps.finish ? at + steps.finish : null,
        createTime: at,
        updateTime: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const action of ['receive', 'arrive'] as const)
      if (steps[action] !== undefined)
        await db
          .insertInto('workOrderLogs')
          .values({ workOrderId: row.id, action, toState: 1, time: at + steps[action]!, userName: 'w' })
          .execute();
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    inNewYork = new LiftCloudClient({ baseUrl: s.apiBase, session: admin.session, timeZone: NY });
    db = s.store.db as unknown as Loose;
    const u1 = (await admin.entities.useUnit.save({ name: 'Stat mall', ...UNIT })).id;
    const u2 = (await admin.entities.useUnit.save({ name: 'Stat tower', ...UNIT })).id;
    const lift = async (c: LiftCloudClient, name: string, useUnitId?: number) =>
      (
        await c.entities.elevator.save({
          name,
          factoryNo: `ST-${dialect}-${name}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId,
        })
      ).id;
    a = await ownerOf(s, await lift(admin, 'Stat A', u1));
    b = await ownerOf(s, await lift(admin, 'Stat B', u2));
    c = await ownerOf(s, await lift(await s.login('coastaladmin'), 'Stat C'));
    await fault(a, nyStart + HOUR);
    await fault(a, nyStart + 2 * HOUR);
    await fault(a, nyStart - MIN); // last month in New York, this month in Shanghai
    await fault(b, nyStart + 3 * HOUR);
    await fault(c, nyStart + HOUR); // another tenant's
    await alarm(a, nyStart + 3 * HOUR, 1);
    await alarm(a, nyStart + 4 * HOUR, 2);
    await alarm(b, nyStart + 5 * HOUR, 1);
    await alarm(c, nyStart + 5 * HOUR, 1);
    // power cuts: 30 minutes, 5 hours, and one not restored (days by now)
    await event(a, 'powerDown', nyStart + HOUR);
    await event(a, 'powerRestore', nyStart + HOUR + 30 * MIN);
    await event(a, 'powerDown', nyStart + 10 * HOUR);
    await event(a, 'powerRestore', nyStart + 15 * HOUR);
    await event(b, 'powerDown', Math.min(nyStart + 20 * HOUR, now - 25 * HOUR));
    await event(c, 'powerDown', nyStart + HOUR);
    await order(a, nyStart + 6 * HOUR, { receive: 10 * MIN, arrive: 40 * MIN, finish: 100 * MIN });
    await order(a, nyStart + 8 * HOUR, { receive: 20 * MIN, arrive: 60 * MIN, finish: 200 * MIN });
    await order(b, nyStart + 7 * HOUR, { receive: 20 * MIN });
  }, 180_000);
  afterAll(async () => s?.close());

  const get = (client: LiftCloudClient, query: Record<string, unknown>) =>
    client.call(getStatistics, { query: { period: 1, ...query } as never }) as Promise<Statistics>;
  /** Counted here from what was seeded, not by the server's query. */
  const expected = (elevatorId: number, start: number, end: number) => ({
    faults: seeded.faults.filter(([e, t]) => e === elevatorId && t >= start && t < end).length,
    alarms: seeded.alarms.filter(([e, t]) => e === elevatorId && t >= start && t < end).length,
    trapped: seeded.alarms.filter(([e, t, ty]) => e === elevatorId && ty === 1 && t >= start && t < end).length,
  });

  it('counts each lift’s faults, alarms, trapped and power cuts of the month in the caller’s zone', async () => {
    const ny = await get(inNewYork, { groupBy: 'elevator' });
    const end = parseDateTime(formatDateTime(now + 86_400_000, NY).slice(0, 10), NY);
    const rowA = ny.rows.find((r) => r.id === a.elevatorId)!;
    const rowB = ny.rows.find((r) => r.id === b.elevatorId)!;
    expect(rowA).toMatchObject({
      name: 'Stat A',
      ...expected(a.elevatorId, nyStart, end),
      powerCuts: 2,
      repairOrders: 2,
    });
    expect(rowB).toMatchObject({
      name: 'Stat B',
      ...expected(b.elevatorId, nyStart, end),
      powerCuts: 1,
      repairOrders: 1,
    });
    expect(rowA.faults).toBe(2);
    // repair response: A's two orders received after 10 and 20 min, on site after 40 and 60, done after 100 and 200
    expect([rowA.toReceiveMinutes, rowA.toArriveMinutes, rowA.toCompleteMinutes]).toEqual([15, 50, 150]);
    expect([rowB.toReceiveMinutes, rowB.toArriveMinutes, rowB.toCompleteMinutes]).toEqual([20, null, null]);
    expect(ny.rows.some((r) => r.id === c.elevatorId)).toBe(false);
    expect(ny.from).toBe(`${formatDateTime(now, NY).slice(0, 7)}-01`);
    // the fault a minute before New York's month began is in Shanghai's month (it began 13 hours earlier)
    const sh = await get(admin, { groupBy: 'elevator' });
    expect(sh.rows.find((r) => r.id === a.elevatorId)!.faults).toBe(3);
    const monthNY = ny.months[ny.months.length - 1]!;
    expect(monthNY.faults).toBeGreaterThanOrEqual(3);
  });

  it('counts only the power cuts of the offline duration asked for', async () => {
    const cuts = async (q: Record<string, unknown>) =>
      (await get(inNewYork, { groupBy: 'elevator', ...q })).rows
        .filter((r) => r.id === a.elevatorId || r.id === b.elevatorId)
        .map((r) => r.powerCuts);
    expect(await cuts({ offlineDuration: 1 })).toEqual(expect.arrayContaining([1, 0]));
    expect((await get(inNewYork, { offlineDuration: 1 })).rows.find((r) => r.id === a.elevatorId)!.powerCuts).toBe(1);
    expect((await get(inNewYork, { offlineDuration: 2 })).rows.find((r) => r.id === a.elevatorId)!.powerCuts).toBe(1);
    expect((await get(inNewYork, { offlineDuration: 3 })).rows.find((r) => r.id === b.elevatorId)!.powerCuts).toBe(1);
    const custom = await get(inNewYork, { offlineDuration: 4, offlineMinMinutes: 20, offlineMaxMinutes: 60 });
    expect(custom.rows.find((r) => r.id === a.elevatorId)!.powerCuts).toBe(1);
    expect(custom.rows.find((r) => r.id === b.elevatorId)!.powerCuts).toBe(0);
  });

  it('groups by use unit; six months and the year hold the month', async () => {
    const units = await get(inNewYork, { groupBy: 'useUnit' });
    expect(units.rows.find((r) => r.name === 'Stat mall')).toMatchObject({ faults: 2, trapped: 1, alarms: 2 });
    expect(units.rows.find((r) => r.name === 'Stat tower')).toMatchObject({ faults: 1, trapped: 1 });
    for (const period of [2, 3]) {
      const wide = await get(inNewYork, { period, groupBy: 'elevator' });
      expect(wide.rows.find((r) => r.id === a.elevatorId)!.faults).toBeGreaterThanOrEqual(2);
    }
    expect((await get(inNewYork, { period: 2 })).months).toHaveLength(6);
  });

  it('another tenant sees none of it; no 851 is 403; a bad period is refused naming the field', async () => {
    const coastal = await s.login('coastaladmin');
    const theirs = await get(coastal, { groupBy: 'elevator' });
    expect(theirs.rows.map((r) => r.id)).not.toContain(a.elevatorId);
    expect(theirs.totals.faults).toBe(1);
    const engineer = await s.login('companyuser');
    expect((await failure(get(engineer, {}))).status).toBe(403);
    const bad = await failure(get(admin, { period: 9 }));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^Period/);
  });
});
