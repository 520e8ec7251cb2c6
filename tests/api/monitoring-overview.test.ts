import type { LiftCloudClient, MonitoringOverview } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSevenDays } from '../../packages/server/src/areas/monitoring/overview-days.js';
import { failure } from '../support/errors.js';
import { insertAlarm, insertFault, insertOrder, ownerOf, setOnline } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;

describe.each(DIALECTS)('GET monitoring/overview on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let north: number;
  let south: number;
  let coastalLift: number;
  let newestAlarm: number;
  const days = lastSevenDays(Date.now(), 'Asia/Shanghai');
  const today = days[6]!.start + 1000;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    const lift = (name: string, maintenanceCompanyId: number) =>
      admin.entities.elevator.save({ name, factoryNo: name, elevatorType: 1, useStatus: 1, maintenanceCompanyId });
    north = (await lift('North lift', s.demo.companies.maintenanceNorth!)).id;
    south = (await lift('South lift', s.demo.companies.maintenance!)).id;
    await setOnline(s, north, true);
    const n = await ownerOf(s, north);
    const so = await ownerOf(s, south);

    // alarms: today 2 (one trapped) + 1 cleared (not an alarm) + 1 carried by the North Branch;
    // 3 days ago 1 trapped; the oldest day 1; 8 days ago 1 (outside the week)
    await insertAlarm(s, n, today, 1);
    await insertAlarm(s, n, today + 1, 2);
    await insertAlarm(s, n, today + 2, 1, { cleared: true });
    await insertAlarm(s, n, days[3]!.start + HOUR, 1);
    await insertAlarm(s, n, days[0]!.start, 2);
    await insertAlarm(s, n, days[0]!.start - 1000, 1);
    newestAlarm = await insertAlarm(s, { ...n, orgId: s.demo.companies.maintenanceNorth! }, today + 3, 3);
    // faults: today 1 on the south lift; 2 days ago 2
    await insertFault(s, so, today);
    await insertFault(s, n, days[4]!.start + HOUR);
    await insertFault(s, n, days[4]!.start + 2 * HOUR);
    // repair orders: open 0, 0, 1, 2; closed 3, 8
    for (const state of [0, 0, 1, 2, 3, 8]) await insertOrder(s, n, state);

    const coastal = await s.login('coastaladmin');
    coastalLift = (
      await coastal.entities.elevator.save({
        name: 'Coastal lift',
        factoryNo: 'CL-1',
        elevatorType: 1,
        useStatus: 1,
        maintenanceCompanyId: s.demo.companies.coastalRoot!,
      })
    ).id;
    const c = await ownerOf(s, coastalLift);
    await insertAlarm(s, c, today, 1);
    await insertFault(s, c, today);
    await insertOrder(s, c, 0);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('counts elevators, open orders, alarms, faults and trapped alarms of the week, day by day', async () => {
    const o: MonitoringOverview = await admin.monitoring.overview();
    const elevatorTotal = (await admin.entities.elevator.list()).total;
    expect(o.elevators).toEqual({ total: elevatorTotal, online: 1, offline: elevatorTotal - 1 });
    expect(o.openOrders).toEqual({ reported: 2, received: 1, onSite: 1, total: 4 });
    expect(o.alarms).toEqual({ today: 3, last7Days: 5 });
    expect(o.trapped).toEqual({ today: 1, last7Days: 2 });
    expect(o.faults).toEqual({ today: 1, last7Days: 3 });
    expect(o.days.map((d) => d.date)).toEqual(days.map((d) => d.date));
    expect(o.days.map((d) => d.alarms)).toEqual([1, 0, 0, 1, 0, 0, 3]);
    expect(o.days.map((d) => d.faults)).toEqual([0, 0, 0, 0, 2, 0, 1]);
    expect(o.latestAlarms[0]).toMatchObject({
      id: newestAlarm,
      elevatorId: north,
      elevatorName: 'North lift',
      type: 3,
    });
    expect(o.latestAlarms).toHaveLength(6); // every stored alarm but the cleared one, the week or not
    expect(o.latestOpenOrders.map((w) => w.recordState).sort()).toEqual([0, 0, 1, 2]);
  });

  it('narrows every figure to the chosen elevators', async () => {
    const o = await admin.monitoring.overview([south]);
    expect(o.elevators).toEqual({ total: 1, online: 0, offline: 1 });
    expect(o.faults).toEqual({ today: 1, last7Days: 1 });
    expect(o.alarms).toEqual({ today: 0, last7Days: 0 });
    expect(o.latestAlarms).toEqual([]);
    expect(o.openOrders.total).toBe(0);
  });

  it('never counts another tenant’s elevators or records, even when asked for them by id', async () => {
    const coastal = await s.login('coastaladmin');
    const o = await coastal.monitoring.overview();
    expect(o.elevators.total).toBe(1);
    expect(o.alarms).toEqual({ today: 1, last7Days: 1 });
    expect(o.faults.today).toBe(1);
    expect(o.openOrders.total).toBe(1);
    expect(o.latestAlarms.every((a) => a.elevatorId === coastalLift)).toBe(true);
    const across = await admin.monitoring.overview([coastalLift]);
    expect(across.elevators.total).toBe(0);
    expect(across.alarms.today + across.faults.today + across.openOrders.total).toBe(0);
  });

  it('keeps a company user to its own organisation subtree', async () => {
    const role = await admin.entities.role.save({
      name: 'Kanban viewer',
      permissions: [406],
      companyId: s.demo.companies.demoRoot!,
    });
    await admin.roles.assignUsers(role.id, [s.demo.users.companyuser!]);
    const branch = await s.login('companyuser');
    const o = await branch.monitoring.overview();
    expect(o.elevators).toEqual({ total: 1, online: 1, offline: 0 }); // the North Branch maintains the north lift
    expect(o.alarms).toEqual({ today: 1, last7Days: 1 }); // only the alarm its organisation carries
    expect(o.latestAlarms.map((a) => a.id)).toEqual([newestAlarm]);
    expect(o.openOrders.total).toBe(0);
  });

  it('answers 403 without index 406 and 401 without a session', async () => {
    const viewer = await s.login('general');
    expect((await failure(viewer.monitoring.overview())).status).toBe(403);
    expect((await failure(s.anonymous().monitoring.overview())).status).toBe(401);
  });

  it('refuses a ninth elevator and malformed ids, naming the field in the reader’s language', async () => {
    const token = tokenOf(admin);
    const nine = await s.fetch('monitoring/overview?elevatorIds=1,2,3,4,5,6,7,8,9', { token });
    expect(nine.status).toBe(400);
    expect(nine.body.message).toBe('Elevators: at most 8 entries');
    const zh = await s.fetch('monitoring/overview?elevatorIds=1,2,3,4,5,6,7,8,9', { token, language: 'zh-CN' });
    expect(zh.body.message).toContain('电梯');
    expect(zh.body.message).toContain('8');
    const bad = await s.fetch('monitoring/overview?elevatorIds=1;drop', { token, language: 'it-Italy' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toContain('Ascensori');
  });
});
