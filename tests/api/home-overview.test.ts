import type { HomeOverview, LiftCloudClient } from '@liftcloud/client';
import { getHomeOverview } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSevenDays } from '../../packages/server/src/areas/monitoring/overview-days.js';
import { addDays, todayUtc } from '../../packages/server/src/services/maintenance/dates.js';
import { homeLinks, type HomeLink } from '../../packages/web/src/pages/home/homeLinks.js';
import { failure } from '../support/errors.js';
import { insertFault, insertOrder, ownerOf, setOnline, type RecordOwner } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows written straight into the store
type Loose = Kysely<Record<string, any>>;
const HOUR = 3_600_000;

describe.each(DIALECTS)('GET home/overview on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let north: RecordOwner;
  let south: RecordOwner;
  const days = lastSevenDays(Date.now(), 'Asia/Shanghai');
  const today = days[6]!.start + 1000;
  const db = () => s.store.db as unknown as Loose;

  /** A maintenance order as the plan job writes it. */
  const maintenance = async (owner: RecordOwner, companyId: number, planDate: string, status: number) => {
    const now = Date.now();
    await db()
      .insertInto('maintenanceOrders')
      .values({
        ...owner,
        orderNo: `M${planDate}-${Math.random().toString(36).slice(2, 8)}`,
        maintenanceTypeId: 1,
        companyId,
        worker1Id: s.demo.users.companyuser!,
        planDate,
        maintenanceDate: status === 9 ? addDays(planDate, 2) : null,
        status,
        createTime: now,
        updateTime: now,
      })
      .execute();
  };
  const gateway = async (client: LiftCloudClient, dtuCode: string, elevatorId: number, online: boolean) => {
    const gw = await client.entities.gatewayDevice.save({ dtuCode, elevatorId });
    await db()
      .updateTable('gatewayDevices')
      .set({ dtuStatus: online ? 1 : 0 })
      .where('id', '=', gw.id)
      .execute();
  };
  /** The total of the list a figure links to, read with the very filters the console puts in its URL. */
  const listTotal = async (client: LiftCloudClient, l: HomeLink) => {
    const query = new URLSearchParams({ ...l.filters, pageSize: '20' });
    const res = await s.fetch(`${l.entity.path}?${query.toString()}`, { token: tokenOf(client) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Number((res.body.data as { total: number }).total);
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    const lift = (name: string, maintenanceCompanyId: number) =>
      admin.entities.elevator.save({ name, factoryNo: name, elevatorType: 1, useStatus: 1, maintenanceCompanyId });
    const northId = (await lift('North lift', s.demo.companies.maintenanceNorth!)).id;
    const southId = (await lift('South lift', s.demo.companies.maintenance!)).id;
    await setOnline(s, northId, true);
    // the North Branch carries the north lift's records (the ingest copies its gateway's organisation)
    north = { ...(await ownerOf(s, northId)), orgId: s.demo.companies.maintenanceNorth! };
    south = await ownerOf(s, southId);

    // repair orders: open 0, 0, 1, 2 (one trapped raised today), closed 3 and 8 (a trapped one among them)
    for (const state of [0, 0, 1]) await insertOrder(s, south, state);
    await insertOrder(s, north, 2, 1);
    await insertOrder(s, south, 3, 1);
    await insertOrder(s, south, 8);
    // faults: today 1 (north), 3 days ago 2 (south), 8 days ago 1 (outside the week)
    await insertFault(s, north, today);
    await insertFault(s, south, days[3]!.start + HOUR);
    await insertFault(s, south, days[3]!.start + 2 * HOUR);
    await insertFault(s, south, days[0]!.start - 1000);
    // gateways: the north lift's reports, the south one's is silent
    await gateway(admin, '86100000001', northId, true);
    await gateway(admin, '86100000002', southId, false);
    // maintenance (UTC dates): due today and in 6 days; in 7 days (not yet due); overdue by 3 days (the north
    // branch's); done late (not overdue any more: done); invalid (never counted)
    const d = todayUtc();
    const mt = s.demo.companies.maintenance!;
    await maintenance(south, mt, d, 3);
    await maintenance(south, mt, addDays(d, 6), 7);
    await maintenance(south, mt, addDays(d, 7), 7);
    await maintenance(north, s.demo.companies.maintenanceNorth!, addDays(d, -3), 5);
    await maintenance(south, mt, addDays(d, -5), 9);
    await maintenance(south, mt, addDays(d, -1), 11);

    // another tenant's records: never counted
    const coastal = await s.login('coastaladmin');
    const coastalLift = (
      await coastal.entities.elevator.save({
        name: 'Coastal lift',
        factoryNo: 'CL-1',
        elevatorType: 1,
        useStatus: 1,
        maintenanceCompanyId: s.demo.companies.coastalRoot!,
      })
    ).id;
    const c = await ownerOf(s, coastalLift);
    await insertOrder(s, c, 0, 1);
    await insertFault(s, c, today);
    await gateway(coastal, '86100000003', coastalLift, false);
    await maintenance(c, s.demo.companies.coastalRoot!, addDays(d, -2), 5);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('counts each figure as the list it links to shows it, for a tenant administrator', async () => {
    const o: HomeOverview = await admin.call(getHomeOverview);
    expect(o.today).toBe(days[6]!.date);
    expect(o.week).toEqual(days.map((x) => x.date));
    const links = homeLinks(o);
    const total = (l: HomeLink) => listTotal(admin, l);

    expect(o.elevators!.online).toBe(1);
    expect(o.elevators!.total).toBe(await total(links.elevatorsTotal));
    expect(o.elevators!.online).toBe(await total(links.elevatorsOnline));
    expect(o.elevators!.offline).toBe(await total(links.elevatorsOffline));

    expect(o.repairOrders).toEqual({ reported: 2, received: 1, onSite: 1, open: 4, trappedToday: 2 });
    expect(await total(links.ordersReported)).toBe(2);
    expect(await total(links.ordersReceived)).toBe(1);
    expect(await total(links.ordersOnSite)).toBe(1);
    expect(await total(links.trappedToday)).toBe(2);

    expect(o.faults).toEqual({ perDay: [0, 0, 0, 2, 0, 0, 1], week: 3 });
    expect(await total(links.faultsWeek)).toBe(3);
    expect(await total(links.faultsOn(o.week[3]!))).toBe(2);

    expect(o.gateways).toEqual({ total: 2, silent: 1 });
    expect(await total(links.gatewaysSilent)).toBe(1);
    expect(await total(links.gatewaysTotal)).toBe(2);

    expect(o.maintenance).toMatchObject({ dueFrom: todayUtc(), dueUntil: addDays(todayUtc(), 6), due: 2, overdue: 1 });
    // each list shows exactly what its figure counts: the done orders of those dates (a late one) are left out
    expect(await total(links.maintenanceDue)).toBe(2);
    expect(await total(links.maintenanceOverdue)).toBe(1);
  });

  it('keeps a company user to its own organisation subtree', async () => {
    const branch = await s.login('companyuser');
    const o = await branch.call(getHomeOverview);
    const links = homeLinks(o);
    expect(o.elevators).toEqual({ total: 1, online: 1, offline: 0 }); // the North Branch maintains the north lift
    expect(o.repairOrders).toEqual({ reported: 0, received: 0, onSite: 1, open: 1, trappedToday: 1 });
    expect(o.faults!.week).toBe(1);
    // gateways are the organisation's that registered them (the tenant's here): none of the branch's
    expect(o.gateways).toEqual({ total: 0, silent: 0 });
    expect(o.maintenance).toMatchObject({ due: 0, overdue: 1 });
    expect(o.gateways!.total).toBe(await listTotal(branch, links.gatewaysTotal));
    expect(o.elevators!.total).toBe(await listTotal(branch, links.elevatorsTotal));
    expect(o.repairOrders!.onSite).toBe(await listTotal(branch, links.ordersOnSite));
    expect(o.faults!.week).toBe(await listTotal(branch, links.faultsWeek));
  });

  it('never counts another tenant’s records', async () => {
    const coastal = await s.login('coastaladmin');
    const o = await coastal.call(getHomeOverview);
    expect(o.elevators!.total).toBe(1);
    expect(o.repairOrders).toEqual({ reported: 1, received: 0, onSite: 0, open: 1, trappedToday: 1 });
    expect(o.faults!.week).toBe(1);
    expect(o.gateways).toEqual({ total: 1, silent: 1 });
    expect(o.maintenance).toMatchObject({ due: 0, overdue: 1 });
  });

  it('answers null for a figure whose list the user may not read, and 401 without a session', async () => {
    const viewer = await s.login('general'); // Viewer: elevators, events, alarm records, faults
    const o = await viewer.call(getHomeOverview);
    expect(o.elevators).not.toBeNull();
    expect(o.faults).not.toBeNull();
    expect(o.repairOrders).toBeNull();
    expect(o.gateways).toBeNull();
    expect(o.maintenance).toBeNull();
    expect((await failure(viewer.entities.workOrder.list())).status).toBe(403);
    expect((await failure(s.anonymous().call(getHomeOverview))).status).toBe(401);
  });

  it('reckons today in the caller’s time zone', async () => {
    const res = await s.fetch('home/overview', {
      token: tokenOf(admin),
      headers: { 'x-time-zone': 'Pacific/Pago_Pago' },
    });
    expect(res.status).toBe(200);
    const pagoPago = lastSevenDays(Date.now(), 'Pacific/Pago_Pago');
    expect((res.body.data as HomeOverview).today).toBe(pagoPago[6]!.date);
  });
});
