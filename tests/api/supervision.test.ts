import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

describe.each(DIALECTS)('day, week and month supervision on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let liftId: number;
  let unitId: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    unitId = (
      await admin.entities.useUnit.save({
        name: 'Supervised mall',
        region: 'Suzhou',
        longitude: 120.5,
        latitude: 31.3,
        owner: 'Owner',
      })
    ).id;
    liftId = (
      await admin.entities.elevator.save({
        name: 'Supervised lift',
        no: 'SV-01',
        factoryNo: `SV-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
        useUnitId: unitId,
      })
    ).id;
  });
  afterAll(async () => s?.close());

  const items = [
    { projectType: 'Car', projectName: 'Alarm button works', precaution: 'Press it and talk to the duty room' },
    { projectType: 'Landing', projectName: 'Doors close fully', precaution: 'Watch every floor' },
  ];

  it('keeps one default template per use unit and cycle, and refuses a template without items', async () => {
    const a = await admin.entities.supervisionTemplate.save({
      templateNo: 'T-D1',
      templateName: 'Daily A',
      enterpriseId: unitId,
      cycle: 1,
      isDefault: true,
      items,
    });
    expect(a).toMatchObject({ enterpriseName: 'Supervised mall', isDefault: true, items });
    const b = await admin.entities.supervisionTemplate.save({
      templateNo: 'T-D2',
      templateName: 'Daily B',
      enterpriseId: unitId,
      cycle: 1,
      isDefault: true,
      items,
    });
    const weekly = await admin.entities.supervisionTemplate.save({
      templateNo: 'T-W1',
      templateName: 'Weekly',
      enterpriseId: unitId,
      cycle: 2,
      isDefault: true,
      items,
    });
    expect((await admin.entities.supervisionTemplate.get(a.id)).isDefault).toBe(false);
    expect((await admin.entities.supervisionTemplate.get(b.id)).isDefault).toBe(true);
    expect((await admin.entities.supervisionTemplate.get(weekly.id)).isDefault).toBe(true);
    const empty = await failure(
      admin.entities.supervisionTemplate.save({
        templateNo: 'T-X',
        templateName: 'Empty',
        enterpriseId: unitId,
        cycle: 3,
        items: [],
      }),
    );
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Check items: a template needs at least one item, each with a project name');
  });

  it('requires the handle result, in the reader’s language, and an abnormal item’s note', async () => {
    const base = { elevatorId: liftId, cycle: 1 as const, controlDate: '2026-04-01', controlResult: 'Checked' };
    const missing = await failure(admin.entities.supervisionRecord.save(base as never));
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(/^Handle result: /);
    const zh = await s.login('admin', undefined, 'zh-CN');
    const blank = await failure(zh.entities.supervisionRecord.save({ ...base, handleResult: ' ' } as never));
    expect(blank.status).toBe(400);
    expect(blank.message).toMatch(/^处理结果/);
    const noNote = await failure(
      admin.entities.supervisionRecord.save({
        ...base,
        handleResult: 'Called the maintainer',
        items: [{ ...items[0]!, result: 2, note: '' }],
      }),
    );
    expect(noNote.message).toBe('Check items: an abnormal item needs a note saying what was found');
    // nothing half-written
    expect((await admin.entities.supervisionRecord.list({ elevatorId: liftId })).total).toBe(0);
  });

  it('a record made by a person: abnormal from its items, the lift’s number and unit kept, once per day', async () => {
    const saved = await admin.entities.supervisionRecord.save({
      elevatorId: liftId,
      cycle: 1,
      controlDate: '2026-04-02',
      items: [
        { ...items[0]!, result: 2, note: 'No answer from the duty room' },
        { ...items[1]!, result: 1, note: '' },
      ],
      controlResult: 'Alarm line silent',
      handleResult: 'Maintainer called, line repaired the same day',
      officerOpinion: 'Test the line every morning',
    });
    expect(saved).toMatchObject({
      elevatorName: 'Supervised lift',
      elevatorNo: 'SV-01',
      useUnit: 'Supervised mall',
      abnormal: true,
      state: 1,
      creator: 'Demo Administrator',
    });
    const twice = await failure(
      admin.entities.supervisionRecord.save({
        elevatorId: liftId,
        cycle: 1,
        controlDate: '2026-04-02',
        handleResult: 'Again',
      }),
    );
    expect(twice.status).toBe(409);
    expect(twice.message).toMatch(/^Control date: this lift already has a record/);
    // another cycle on the same day is another record
    const weekly = await admin.entities.supervisionRecord.save({
      elevatorId: liftId,
      cycle: 2,
      controlDate: '2026-04-02',
      checkResult: 'Weekly check fine',
      handleResult: 'None needed',
      summary: 'A quiet week',
    });
    expect(weekly.abnormal).toBe(false);
  });

  it('another tenant gets 404 and a user without 823 gets 403', async () => {
    const mine = await admin.entities.supervisionRecord.save({
      elevatorId: liftId,
      cycle: 3,
      controlDate: '2026-04-01',
      dispatchResult: 'Monthly meeting held',
      handleResult: 'Nothing open',
      directorOpinion: 'Keep the daily checks',
    });
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.entities.supervisionRecord.get(mine.id))).status).toBe(404);
    expect((await coastal.entities.supervisionRecord.list()).records.some((r) => r.id === mine.id)).toBe(false);
    expect(
      (await failure(coastal.entities.supervisionRecord.save({ id: mine.id, handleResult: 'Mine now' }))).status,
    ).toBe(404);
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.entities.supervisionRecord.list())).status).toBe(403);
    expect((await failure(engineer.entities.supervisionTemplate.list())).status).toBe(403);
  });
});
