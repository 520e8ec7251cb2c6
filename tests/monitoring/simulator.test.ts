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
    expect((await admin.entities.gatewayDevice.list({ dtuCode: members[1]!.dtu })).records[0]?.dtuStatus).toBe(true);
  });
});
