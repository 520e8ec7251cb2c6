import { GATEWAY_TEST_REASON, upTopic, type GatewayTestDetail, type LiftCloudClient } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../packages/server/src/app.js';
import type { Store } from '../../packages/server/src/db/database.js';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const WINDOW_MS = 700;

/** An elevator with a bound gateway and its MQTT secret, made through the API as an operator would. */
async function provision(s: TestServer, client: LiftCloudClient, dtu: string, companyId: number) {
  const lift = await client.entities.elevator.save({
    name: `Lift ${dtu}`,
    factoryNo: `F${dtu}`,
    elevatorType: 1,
    useStatus: 1,
    maintenanceCompanyId: companyId,
  });
  const gw = await client.entities.gatewayDevice.save({ dtuCode: dtu });
  await client.http.put(`gatewayDevices/${gw.id}/bind`, { elevatorId: lift.id });
  const { secret } = await client.http.post<{ secret: string }>(`gatewayDevices/${gw.id}/credentials`);
  return { dtu, secret };
}

/** A gateway that reports its state every 100 ms until stopped. */
async function reporting(s: TestServer, gw: { dtu: string; secret: string }) {
  const c: MqttClient = await mqtt.connectAsync(s.mqttUrl, {
    username: gw.dtu,
    password: gw.secret,
    clientId: `gt-${gw.dtu}-${Math.random().toString(36).slice(2, 8)}`,
    reconnectPeriod: 0,
  });
  let n = 0;
  const timer = setInterval(() => {
    const body = { id: `gt-${++n}`, ts: Date.now(), floor: 1 + (n % 5), direction: 0, door: 0, run: 0, flags: [] };
    void c.publishAsync(upTopic(gw.dtu, 'status'), JSON.stringify(body), { qos: 1 }).catch(() => undefined);
  }, 100);
  return async () => {
    clearInterval(timer);
    await c.endAsync();
  };
}

/** A live-channel subscriber: collects the gateway test frames the hub pushes to this client. */
async function listen(s: TestServer, client: LiftCloudClient) {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const frames: { type: number; data: Record<string, unknown> }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { type: number; event: string; data: Record<string, unknown> };
    if (frame.event === 'gatewayTest') frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  return { frames, close: () => ws.close() };
}

/** Read until `done` holds, and answer that reading. */
function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await read();
      if (!done(v)) throw new Error(`not yet; last: ${JSON.stringify(v)}`);
      return v;
    },
    { timeout: 15_000, interval: 100 },
  );
}
const ended = (d: GatewayTestDetail) => d.state === 2 || d.state === 3;

/** A test's window starts to the millisecond, in gateway order (the API gives whole seconds). */
async function windowStarts(store: Store, testId: number): Promise<(number | null)[]> {
  const db = store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const rows = await db
    .selectFrom('gatewayTestResults')
    .select(['seq', 'windowStart'])
    .where('testId', '=', testId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => (r.windowStart === null ? null : Number(r.windowStart)));
}

describe.each(DIALECTS)('gateway tests on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let live: { dtu: string; secret: string };
  const SILENT = '86300000002';
  const COASTAL = '86300000009';

  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { gatewayTestWindowMs: WINDOW_MS } });
    admin = await s.login('admin');
    live = await provision(s, admin, '86300000001', s.demo.companies.maintenance);
    await admin.entities.gatewayDevice.save({ dtuCode: SILENT });
    const coastal = await s.login('coastaladmin');
    await coastal.entities.gatewayDevice.save({ dtuCode: COASTAL });
  });
  afterAll(async () => s?.close());

  it('passes a gateway that reports and fails a silent one, one window each, in order', async () => {
    const stop = await reporting(s, live);
    const mine = await listen(s, admin);
    const other = await listen(s, await s.login('coastaladmin'));
    try {
      const created = await admin.gatewayTests.create({ dtuCodes: [live.dtu, ` ${SILENT} `], passBenchmark: 2 });
      expect(created).toMatchObject({ dtuCodes: [live.dtu, SILENT], passBenchmark: 2, windowMs: WINDOW_MS });
      expect([0, 1]).toContain(created.state);
      const done = await until(() => admin.gatewayTests.detail(created.id), ended);
      expect(done).toMatchObject({ state: 2, passedCount: 1, failedCount: 1, createdBy: 'admin' });
      const [first, second] = done.results;
      expect(first).toMatchObject({ seq: 1, dtuCode: live.dtu, passed: true, onlineSeen: true, reason: null });
      expect(first!.statusCount).toBeGreaterThanOrEqual(2);
      expect(first!.messages).toBe(first!.statusCount + first!.faultCount + first!.alarmCount);
      expect(second).toMatchObject({
        seq: 2,
        dtuCode: SILENT,
        passed: false,
        messages: 0,
        onlineSeen: false,
        reason: GATEWAY_TEST_REASON.silent,
      });
      // One at a time: the second window opens when the first has closed.
      expect(second!.windowStart! >= first!.windowEnd!).toBe(true);
      expect(done.startTime).not.toBeNull();
      expect(done.finishTime).not.toBeNull();
      const listed = await admin.entities.gatewayTest.list({ state: 2 });
      expect(listed.records.map((r) => r.id)).toContain(created.id);
      // Progress reached the live channel as each window ended, and only the test's own tenant.
      await until(
        async () => mine.frames.map((f) => f.data),
        (data) => data.some((d) => d.state === 2),
      );
      expect(mine.frames.every((f) => f.type === 6 && f.data.id === created.id)).toBe(true);
      expect(mine.frames.map((f) => f.data)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ seq: 1, dtu: live.dtu, passed: true, passedCount: 1 }),
          expect.objectContaining({ seq: 2, dtu: SILENT, passed: false, failedCount: 1 }),
          expect.objectContaining({ state: 2, passedCount: 1, failedCount: 1 }),
        ]),
      );
      expect(other.frames).toEqual([]);
    } finally {
      mine.close();
      other.close();
      await stop();
    }
  });

  it('refuses bad batches with messages naming the field and the rule, and writes nothing', async () => {
    const before = (await admin.entities.gatewayTest.list()).total;
    const twelve = await failure(admin.gatewayTests.create({ dtuCodes: ['863000000011'] }));
    expect(twelve.fieldErrors[0]).toMatchObject({ field: 'dtuCodes.0', rule: 'rule.dtuCode' });
    expect(twelve.fieldErrors[0]?.message).toBe('DTU number: the DTU number must be 11 digits');

    const many = Array.from({ length: 21 }, (_, i) => String(86300000100 + i));
    const tooMany = await failure(admin.gatewayTests.create({ dtuCodes: many }));
    expect(tooMany.fieldErrors).toEqual([
      expect.objectContaining({
        field: 'dtuCodes',
        rule: 'rule.gatewayTestMaxBatch',
        message: expect.stringContaining('at most 20 DTUs'),
      }),
    ]);

    const twice = await failure(admin.gatewayTests.create({ dtuCodes: [live.dtu, live.dtu] }));
    expect(twice.fieldErrors[0]).toMatchObject({ field: 'dtuCodes.1', rule: 'validation.uniqueItems' });

    const zero = await failure(admin.gatewayTests.create({ dtuCodes: [live.dtu], passBenchmark: 0 }));
    expect(zero.fieldErrors[0]).toMatchObject({ field: 'passBenchmark', rule: 'rule.passBenchmark' });
    const long = await failure(admin.gatewayTests.create({ dtuCodes: [live.dtu], testTime: 24 * 60 + 1 }));
    expect(long.fieldErrors[0]).toMatchObject({ field: 'testTime', rule: 'rule.gatewayTestTime' });

    // Another tenant's gateway reads exactly like one nobody registered.
    const other = await failure(admin.gatewayTests.create({ dtuCodes: [live.dtu, COASTAL, '86399999999'] }));
    expect(other.status).toBe(400);
    expect(other.fieldErrors.map((e) => [e.field, e.rule])).toEqual([
      ['dtuCodes.1', 'rule.gatewayTestUnknownDtu'],
      ['dtuCodes.2', 'rule.gatewayTestUnknownDtu'],
    ]);
    expect(other.fieldErrors[0]?.message).toBe(`DTU number ${COASTAL}: no gateway with this DTU number`);
    expect(other.fieldErrors[1]?.message).toBe('DTU number 86399999999: no gateway with this DTU number');
    const zh = await s.login('admin', undefined, 'zh-CN');
    const zhOther = await failure(zh.gatewayTests.create({ dtuCodes: [COASTAL] }));
    expect(zhOther.fieldErrors[0]?.message).toBe(`DTU编号 ${COASTAL}：没有此DTU编号的网关`);
    const it = await s.login('admin', undefined, 'it-Italy');
    const itMany = await failure(it.gatewayTests.create({ dtuCodes: many }));
    expect(itMany.fieldErrors[0]?.message).toBe('Numeri DTU: al massimo 20 DTU in un test');

    expect((await admin.entities.gatewayTest.list()).total).toBe(before);
  });

  it('answers 403 to a user without the gateway permission, before reading the body', async () => {
    const viewer = await s.login('general'); // Viewer: 110, 45, 341, 117
    const create = await failure(viewer.gatewayTests.create({ dtuCodes: ['bad'] }));
    expect(create.status).toBe(403);
    expect((await failure(viewer.entities.gatewayTest.list())).status).toBe(403);
    expect((await failure(viewer.gatewayTests.detail(1))).status).toBe(403);
    expect((await failure(viewer.gatewayTests.cancel(1))).status).toBe(403);
  });

  it('keeps each tenant to its own tests; the super admin tests any tenant’s gateway', async () => {
    const mine = await admin.gatewayTests.create({ dtuCodes: [SILENT] });
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.gatewayTests.detail(mine.id))).status).toBe(404);
    expect((await failure(coastal.gatewayTests.cancel(mine.id))).status).toBe(404);
    expect((await coastal.entities.gatewayTest.list()).records.map((r) => r.id)).not.toContain(mine.id);
    const superAdmin = await s.login('superAdmin');
    const any = await superAdmin.gatewayTests.create({ dtuCodes: [COASTAL, SILENT] });
    expect((await superAdmin.entities.gatewayTest.list()).records.map((r) => r.id)).toEqual(
      expect.arrayContaining([mine.id, any.id]),
    );
    expect((await failure(admin.gatewayTests.detail(any.id))).status).toBe(404);
    await superAdmin.gatewayTests.cancel(any.id);
    await until(() => admin.gatewayTests.detail(mine.id), ended);
  });

  it('cancels a test: untested gateways stay untested, and a second cancel is refused', async () => {
    const test = await admin.gatewayTests.create({ dtuCodes: [SILENT, live.dtu] });
    await until(
      () => admin.gatewayTests.detail(test.id),
      (d) => d.state === 1,
    );
    const cancelled = await admin.gatewayTests.cancel(test.id);
    expect(cancelled).toMatchObject({ state: 3 });
    expect(cancelled.finishTime).not.toBeNull();
    const detail = await admin.gatewayTests.detail(test.id);
    expect(detail.results.map((r) => [r.passed, r.reason])).toEqual([
      [null, GATEWAY_TEST_REASON.cancelled],
      [null, GATEWAY_TEST_REASON.cancelled],
    ]);
    // The runner moves on: a later window writes nothing into the cancelled test. A test created after the
    // cancel runs its window after the cancelled one would have ended, on the same runner: once it is over,
    // the cancelled window's end has passed too.
    const later = await admin.gatewayTests.create({ dtuCodes: [SILENT] });
    await until(() => admin.gatewayTests.detail(later.id), ended);
    expect((await admin.gatewayTests.detail(test.id)).results.every((r) => r.passed === null)).toBe(true);
    const again = await failure(admin.gatewayTests.cancel(test.id));
    expect(again.status).toBe(409);
    expect(again.message).toBe('This gateway test has already ended');
  });

  /**
   * Start a one-gateway test, stop the server mid-window, optionally change the store while it is down,
   * start a new server on the same store and follow the test to its end.
   */
  async function restartMidWindow(
    body: { testTime?: number },
    whileStopped?: (s: TestServer, id: number) => Promise<void>,
    windowMs = 1_500,
  ) {
    // A test keeps the window it was created with, across restarts.
    const slow = await startTestServer({ dialect, app: { gatewayTestWindowMs: windowMs } });
    let restarted: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      const client = await slow.login('admin');
      await client.entities.gatewayDevice.save({ dtuCode: SILENT });
      const test = await client.gatewayTests.create({ dtuCodes: [SILENT], ...body });
      const cut = await until(
        () => client.gatewayTests.detail(test.id),
        (d) => d.results[0]?.windowStart !== null,
      );
      const [cutStart] = await windowStarts(slow.store, test.id);
      await slow.app.close();
      await whileStopped?.(slow, test.id);
      restarted = await buildApp({ store: slow.store, monitoring: {} });
      const detail = async () => {
        const res = await restarted!.inject({
          url: `/api/gatewayTests/${test.id}/detail`,
          headers: { authorization: `Bearer ${tokenOf(client)}` },
        });
        return (res.json() as { data: GatewayTestDetail }).data;
      };
      const done = await until(detail, ended);
      const [doneStart] = await windowStarts(slow.store, test.id);
      return { cut, cutStart, done, doneStart };
    } finally {
      await restarted?.close();
      await slow.close();
    }
  }

  it('resumes a test a stopped server left running, restarting the cut window', async () => {
    const { cut, cutStart, done, doneStart } = await restartMidWindow({});
    expect(done).toMatchObject({ state: 2, failedCount: 1 });
    expect(done.results[0]).toMatchObject({ passed: false, reason: GATEWAY_TEST_REASON.silent });
    // the API gives whole seconds; the store has the milliseconds
    expect(done.results[0]!.windowStart! >= cut.results[0]!.windowStart!).toBe(true);
    expect(doneStart).toBeGreaterThan(cutStart!);
  });

  it('leaves a test to the instance that holds it: a second server on the same store does not run it again', async () => {
    const first = await startTestServer({ dialect, app: { gatewayTestWindowMs: 1_500 } });
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      const client = await first.login('admin');
      await client.entities.gatewayDevice.save({ dtuCode: SILENT });
      await client.entities.gatewayDevice.save({ dtuCode: '86300000003' });
      const test = await client.gatewayTests.create({ dtuCodes: [SILENT, '86300000003'] });
      await until(
        () => client.gatewayTests.detail(test.id),
        (d) => d.results[0]?.windowStart !== null,
      );
      const [firstWindow] = await windowStarts(first.store, test.id);
      // another instance starts mid-window: its runner looks for tests at once
      second = await buildApp({ store: first.store, monitoring: {}, gatewayTestWindowMs: 1_500 });
      const done = await until(() => client.gatewayTests.detail(test.id), ended);
      expect(done).toMatchObject({ state: 2, failedCount: 2 });
      // each gateway was watched once: the first window was not restarted by the second instance
      const [windowOne, windowTwo] = await windowStarts(first.store, test.id);
      expect(windowOne).toBe(firstWindow);
      expect(windowTwo! - windowOne!).toBeGreaterThanOrEqual(1_500);
    } finally {
      await second?.close();
      await first.close();
    }
  });

  it('does not run a window past the total test time when a test resumes late', async () => {
    // a window long enough not to end by itself before the stop on a loaded machine (it would fail as silent)
    const { done } = await restartMidWindow(
      { testTime: 5 },
      async (slow, id) => {
        // The server was down for ten minutes: the 5-minute total has passed.
        await (slow.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .updateTable('gatewayTests')
          .set({ startTime: Date.now() - 10 * 60_000 })
          .where('id', '=', id)
          .execute();
      },
      60_000,
    );
    expect(done).toMatchObject({ state: 2, passedCount: 0, failedCount: 1 });
    expect(done.results[0]).toMatchObject({ passed: false, reason: GATEWAY_TEST_REASON.timeLimit, windowStart: null });
  });
});
