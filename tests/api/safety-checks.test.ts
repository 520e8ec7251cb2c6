import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

describe.each(DIALECTS)('safety checks on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let liftId: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    liftId = (
      await admin.entities.elevator.save({
        name: 'Checked lift',
        factoryNo: `SC-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
      })
    ).id;
  });
  afterAll(async () => s?.close());

  const base = { elevatorId: 0, checkDate: '2026-05-10', inspector: 'Wang Qiang' };

  it('keeps the checklist, findings and rectification', async () => {
    const saved = await admin.entities.safetyCheck.save({
      ...base,
      elevatorId: liftId,
      checkNo: 'AQ-1',
      machineRoom: 2,
      landingDoors: 4,
      findings: 'Landing door 3 closes late',
      hazardLevel: 1,
      rectificationRequirement: 'Adjust the door operator',
      rectificationDeadline: '2026-05-20',
      rectificationState: 1,
    });
    expect(saved).toMatchObject({
      elevatorName: 'Checked lift',
      landingDoors: 4,
      hazardLevel: 1,
      rectificationState: 1,
    });
    const done = await admin.entities.safetyCheck.save({
      id: saved.id,
      rectificationState: 2,
      rectifiedDate: '2026-05-18',
    });
    expect(done).toMatchObject({ rectificationState: 2, rectifiedDate: '2026-05-18' });
  });

  it('an unqualified item needs findings and a deadline; a rectification is not dated before the check', async () => {
    const err = await failure(
      admin.entities.safetyCheck.save({ ...base, elevatorId: liftId, checkNo: 'AQ-2', car: 4 }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain('Findings: an unqualified item needs findings and a rectification deadline');
    const early = await failure(
      admin.entities.safetyCheck.save({ ...base, elevatorId: liftId, checkNo: 'AQ-3', rectifiedDate: '2026-05-01' }),
    );
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/^Rectified on: /);
  });

  it('another tenant gets 404 and a user without 827 gets 403', async () => {
    const mine = await admin.entities.safetyCheck.save({ ...base, elevatorId: liftId, checkNo: 'AQ-4' });
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.entities.safetyCheck.get(mine.id))).status).toBe(404);
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.entities.safetyCheck.list())).status).toBe(403);
  });
});
