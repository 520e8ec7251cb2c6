import { WORK_ORDER_STATE, type LiftCloudClient, type LiveEvent } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../packages/server/src/app.js';
import type { RunResult } from '../../packages/server/src/jobs/scheduler.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { failure } from '../support/errors.js';
import { provisionGateway, type TestGateway } from '../support/gateway.js';
import { insertOrder, ownerOf } from '../support/monitoringRecords.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const SWEEP_JOBS = ['command-overtime', 'gateway-offline', 'work-order-auto-confirm'];
/** Both instances clean the login tables; the test server also keeps files (an upload folder) and sweeps them. */
const LOGIN_JOBS = ['login-tables-cleanup'];
const FILE_JOBS = ['files-sweep'];
/** Maintenance plans run every quarter hour on both instances. */
const MAINTENANCE_JOBS = ['maintenance-plans'];
/** Supervision records are made every quarter hour on both instances. */
const SUPERVISION_JOBS = ['supervision-records'];
/** The open API's nonce sweep (every 5 minutes), webhook deliveries (every second) and notification sends (every 2 s), on both instances. */
const INTEGRATION_JOBS = ['open-api-sweep', 'webhook-deliveries', 'message-sends'];
/** EOCD raw samples past their keeping time are swept hourly, on both instances. */
const EOCD_JOBS = ['eocd-samples-sweep'];
/** The webhook delivery log's old rows are removed hourly, on both instances. */
const RETENTION_JOBS = ['webhook-retention'];
/** Potential-fault scoring runs every minute, on both instances. */
const SCORING_JOBS = ['potential-faults'];
/** Jobs that run more often than hourly, so may run again within the hour. */
const FREQUENT_JOBS = [...LOGIN_JOBS, ...MAINTENANCE_JOBS, ...SUPERVISION_JOBS, ...INTEGRATION_JOBS, ...SCORING_JOBS];
const ALL_JOBS = [
  ...SWEEP_JOBS,
  ...LOGIN_JOBS,
  ...FILE_JOBS,
  ...MAINTENANCE_JOBS,
  ...SUPERVISION_JOBS,
  ...INTEGRATION_JOBS,
  ...EOCD_JOBS,
  ...RETENTION_JOBS,
  ...SCORING_JOBS,
].sort();

/** Which instance ran each job in one pass of both. */
const ranBy = (a: RunResult[], b: RunResult[]) =>
  Object.fromEntries(
    SWEEP_JOBS.map((job) => [
      job,
      [
        ...a.filter((r) => r.job === job && r.outcome === 'ok').map(() => 'a'),
        ...b.filter((r) => r.job === job && r.outcome === 'ok').map(() => 'b'),
      ],
    ]),
  );

describe.each(DIALECTS)('the sweeps as jobs of two app instances on one %s store', (dialect) => {
  let s: TestServer;
  let second: FastifyInstance;
  let admin: LiftCloudClient;
  let gw: TestGateway;
  const events: LiveEvent[] = [];
  let db: Kysely<LooseDB>;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    // another instance on the same store (no broker of its own: it only runs jobs and answers the API)
    second = await buildApp({
      store: s.store,
      monitoring: { sweepEveryMs: HOUR },
      jobs: { timer: false, instanceId: 'second' },
    });
    for (const app of [s.app, second]) app.monitoring.bus.subscribe((e) => events.push(e));
    admin = await s.login('admin');
    gw = await provisionGateway(s, admin, dialect === 'sqlite' ? '86500000001' : '86500000002');
    db = s.store.db as unknown as Kysely<LooseDB>;
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  it('runs each sweep once per period whichever instance asks, and not again after a restart', async () => {
    const t0 = Date.now();
    // first sight: the lease rows are made, each due at the next whole hour
    await Promise.all([s.app.jobs.runDue(t0), second.jobs.runDue(t0)]);
    const due = (Math.floor(t0 / HOUR) + 1) * HOUR;
    // a gateway silent for two minutes, a command never answered, an order finished two days ago
    await db
      .updateTable('gatewayDevices')
      .set({ dtuStatus: 1, lastReportTime: due - 120_000 })
      .where('id', '=', gw.gatewayId)
      .execute();
    const owner = await ownerOf(s, gw.elevatorId);
    const order = await insertOrder(s, owner, WORK_ORDER_STATE.completed);
    await db
      .updateTable('workOrders')
      .set({ finishTime: due - 48 * HOUR })
      .where('id', '=', order)
      .execute();

    const [a, b] = await Promise.all([s.app.jobs.runDue(due + 5), second.jobs.runDue(due + 5)]);
    const ran = ranBy(a, b);
    for (const job of SWEEP_JOBS) expect(ran[job], job).toHaveLength(1);
    const offline = events.filter((e) => e.type === 'gateway' && e.data.dtu === gw.dtu);
    expect(offline).toHaveLength(1);
    expect((await admin.entities.gatewayDevice.get(gw.gatewayId)).dtuStatus).toBe(false);
    const confirmed = events.filter((e) => e.type === 'workOrder' && e.data.id === order);
    expect(confirmed.map((e) => e.data)).toEqual([expect.objectContaining({ recordState: 7, action: 'autoConfirm' })]);

    // later in the same period, and after the second instance restarts: nothing runs again
    await second.close();
    second = await buildApp({
      store: s.store,
      monitoring: { sweepEveryMs: HOUR },
      jobs: { timer: false, instanceId: 'second-restarted' },
    });
    const again = [...(await s.app.jobs.runDue(due + HOUR / 2)), ...(await second.jobs.runDue(due + HOUR / 2))];
    // the hourly jobs of the test server and of the second instance (no files): none is due again; the login
    // tables' cleanup runs every minute, so it may
    const hourly = again.filter((r) => !FREQUENT_JOBS.includes(r.job));
    expect(hourly.map((r) => r.outcome)).toEqual(
      Array.from(
        { length: 2 * (SWEEP_JOBS.length + EOCD_JOBS.length + RETENTION_JOBS.length) + FILE_JOBS.length },
        () => 'skipped',
      ),
    );
    expect(again).toHaveLength(hourly.length + 2 * FREQUENT_JOBS.length);
    const next = [...(await second.jobs.runDue(due + HOUR)), ...(await s.app.jobs.runDue(due + HOUR))];
    expect(
      next
        .filter((r) => r.outcome === 'ok')
        .map((r) => r.job)
        .sort(),
    ).toEqual(ALL_JOBS);
    expect(next.filter((r) => r.outcome === 'ok').length).toBe(ALL_JOBS.length);
  });

  it('lists the jobs for the super admin only', async () => {
    const superAdmin = await s.login('superAdmin');
    const jobs = await superAdmin.jobs.list();
    expect(jobs.map((j) => j.name).sort()).toEqual(ALL_JOBS);
    const offline = jobs.find((j) => j.name === 'gateway-offline')!;
    expect(offline).toMatchObject({ schedule: 'every 1 h', lastOutcome: 'ok', failures: 0, leaseOwner: null });
    expect(offline.nextDue).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00:00$/);
    const refused = await failure(admin.jobs.list());
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Only the super administrator can do this');
  });
});
