import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../packages/server/src/services/maintenance/dates.js';
import { maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const JOB = 'maintenance-plans';
const DAY = 86_400_000;

/**
 * Issue 13 "Show it": plan generation by two server instances on one store, each with its own HTTP server, job
 * scheduler and (on PostgreSQL) its own connection pool, as two server processes would have; one of them
 * restarted between passes. No order is doubled or skipped.
 */
describe.each(DIALECTS)('plan generation by two server instances on one %s store', (dialect) => {
  let a: TestServer;
  let b: TestServer;
  let admin: LiftCloudClient;
  let fx: MaintenanceFixture;
  const t0 = Date.now();
  const today = todayUtc(t0);
  const instance = (id: string) =>
    startTestServer({ dialect, sharedWith: a, ownPool: true, app: { jobs: { timer: false, instanceId: id } } });

  beforeAll(async () => {
    a = await startTestServer({ dialect, app: { jobs: { timer: false, instanceId: 'a' } } });
    b = await instance('b');
    admin = await a.login('admin');
    fx = await maintenanceFixture(a, admin, `instances-${dialect}`, { autoSendDay: 3, autoGenerate: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Every 15 days from the start up to `to`: what must exist, each once. */
  const expected = (start: string, to: string) => {
    const out: string[] = [];
    for (let d = start; d <= to; d = addDays(d, 15)) out.push(d);
    return out;
  };

  it('passes on both at once, one restarted between them: every cycle once, read alike through either', async () => {
    if (dialect === 'postgres') expect(b.store).not.toBe(a.store);
    const start = addDays(today, -40);
    const plan = await admin.entities.maintenancePlan.save({
      name: 'Two instances',
      maintenanceTypeId: fx.typeId,
      companyId: fx.companyId,
      elevatorIds: [fx.elevatorId],
      startDate: start,
      endDate: addDays(today, 300),
      cycle: 15,
    });
    const datesThrough = async (server: TestServer) => {
      const client = await server.login('admin');
      const rows: string[] = [];
      for await (const o of client.crud<{ planId: number; planDate: string }>('maintenanceOrder').all({}))
        if (o.planId === plan.id) rows.push(o.planDate);
      return rows.sort();
    };

    await Promise.all([
      a.app.jobs.runNow(JOB, t0),
      b.app.jobs.runNow(JOB, t0),
      a.app.jobs.runDue(t0),
      b.app.jobs.runDue(t0),
    ]);
    expect(await datesThrough(b)).toEqual(expected(start, addDays(today, 30)));

    // b restarts (a new pool and scheduler); passes a week, three weeks and six weeks on, on both at once
    await b.close();
    b = await instance('b-restarted');
    for (const later of [7, 21, 42]) {
      const t = t0 + later * DAY;
      await Promise.all([b.app.jobs.runNow(JOB, t), a.app.jobs.runNow(JOB, t), b.app.jobs.runDue(t)]);
    }
    const dates = await datesThrough(a);
    expect(dates).toEqual(expected(start, addDays(today, 42 + 30)));
    expect(new Set(dates).size).toBe(dates.length);
    expect(await datesThrough(b)).toEqual(dates);
  });
});
