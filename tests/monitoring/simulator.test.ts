import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDemoFleet } from '../../packages/server/src/seed/demo-fleet.js';
import { runFleet, SimulatedGateway } from '../../packages/simulator/src/gateway.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('the gateway simulator', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('moves elevators, reports faults, calls and hazards, and raises a trapped-passenger alarm that becomes a work order', async () => {
    const members = await provisionDemoFleet(s.store.db, 3);
    expect(members).toHaveLength(3);
    // Sure to fault, call, report a hazard and trap on the first ticks, so the test does not wait on chance.
    const fleet = await runFleet(
      members.map(
        (m, i) =>
          new SimulatedGateway({
            mqttUrl: s.mqttUrl,
            ...m,
            floors: 10,
            faultChance: 1,
            trappedChance: i === 0 ? 1 : 0,
            callChance: 1,
            hazardChance: 1,
          }),
      ),
      50,
    );
    // Ticks every 50 ms until each kind of record the test reads has been sent: the trapped passenger's work
    // order is there, and more than twenty messages have gone.
    await expect.poll(() => fleet.sent()).toBeGreaterThan(20);
    const admin = await s.login('admin');
    await expect.poll(async () => (await admin.entities.workOrder.list({ type: 1 })).total).toBe(1);
    // while a gateway's intercom call goes on, its heartbeat says it is in a call
    await expect
      .poll(async () => (await admin.entities.gatewayDevice.list({ dtuCode: members[1]!.dtu })).records[0]?.inCall)
      .toBe(true);
    await fleet.stop();
    await s.app.monitoring.ingest.drain();
    expect(fleet.sent()).toBeGreaterThan(20);
    expect((await admin.entities.faultRecord.list()).total).toBeGreaterThan(0);
    const call = (await admin.entities.callRecord.list()).records[0];
    expect(call).toMatchObject({ connector: 'Duty room', phone: expect.stringMatching(/^1380000\d{4}$/) });
    expect(call?.audio).toMatch(/^calls\/.+\.mp3$/);
    const hazards = (await admin.entities.hazardRecord.list()).records;
    expect(hazards.some((h) => /^H0\d$/.test(h.code) && h.description)).toBe(true);
    const orders = await admin.entities.workOrder.list({ type: 1 });
    expect(orders.total).toBe(1);
    const gateway = (await admin.entities.gatewayDevice.list({ dtuCode: members[1]!.dtu })).records[0];
    expect(gateway?.dtuStatus).toBe(true);
  });

  it('runs an escalator as an escalator, raises alarm bells, and reports runs from one floor to another', async () => {
    const admin = await s.login('admin');
    const [lift, stairs] = await provisionDemoFleet(s.store.db, 5).then((m) => m.slice(3));
    const escalator = await admin.entities.elevator.list({ dtuCode: stairs!.dtu });
    await s.store.db
      .updateTable('elevators')
      .set({ elevatorType: 6, floors: null })
      .where('id', '=', escalator.records[0]!.id)
      .execute();
    // each provisioning issues fresh secrets: both gateways use the second one's
    const [liftMember, member] = (await provisionDemoFleet(s.store.db, 5)).slice(3);
    expect(member).toMatchObject({ dtu: stairs!.dtu, escalator: true });
    // sure to trap, ring and fault on every tick: the escalator must do none of what needs a car
    const fleet = await runFleet(
      [
        new SimulatedGateway({
          mqttUrl: s.mqttUrl,
          ...liftMember!,
          floors: 12,
          faultChance: 0,
          trappedChance: 0,
          bellChance: 1,
        }),
        new SimulatedGateway({
          mqttUrl: s.mqttUrl,
          ...member!,
          floors: 2,
          faultChance: 1,
          trappedChance: 1,
          bellChance: 1,
          callChance: 1,
        }),
      ],
      50,
    );
    const liftId = (await admin.entities.elevator.list({ dtuCode: lift!.dtu })).records[0]!.id;
    const stairsId = escalator.records[0]!.id;
    await expect
      .poll(async () => (await admin.entities.alarmRecord.list({ type: 2, elevatorId: liftId })).total)
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await admin.entities.eventRecord.list({ kind: 'run', elevatorId: liftId })).total, {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await expect
      .poll(async () => (await admin.entities.faultRecord.list({ elevatorId: stairsId })).total)
      .toBeGreaterThan(2);
    await fleet.stop();
    await s.app.monitoring.ingest.drain();
    // the bell opened a repair order, as an alarm of type 2 does
    expect((await admin.entities.workOrder.list({ type: 2, elevatorId: liftId })).total).toBe(1);
    for (const run of (await admin.entities.eventRecord.list({ kind: 'run', elevatorId: liftId })).records) {
      const detail = JSON.parse(String(run.detail)) as { startFloor: number; endFloor: number };
      expect(detail.startFloor).not.toBe(detail.endFloor);
    }
    const db = s.store.db;
    const state = await db
      .selectFrom('elevatorStates')
      .selectAll()
      .where('elevatorId', '=', stairsId)
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({ floor: null, door: null, run: 1 });
    expect((await admin.entities.alarmRecord.list({ elevatorId: stairsId })).total).toBe(0);
    expect((await admin.entities.callRecord.list({ elevatorId: stairsId })).total).toBe(0);
    expect((await admin.entities.eventRecord.list({ elevatorId: stairsId })).total).toBe(0);
  });
});
