import { SUPERVISION_STATE, type LiftCloudClient } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../packages/server/src/app.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const JOB = 'supervision-records';
const DAY = 86_400_000;
/** 00:30 on Monday 2 March 2026 in Shanghai, still Sunday 1 March in UTC: the platform's day is China's. */
const T0 = Date.parse('2026-03-01T16:30:00Z');

/** Records made for flagged lifts from their use unit's default template: once across restarts and instances. */
describe.each(DIALECTS)('supervision record generation on %s', (dialect) => {
  let s: TestServer;
  let second: FastifyInstance;
  let admin: LiftCloudClient;
  let db: Kysely<LooseDB>;
  let flagged: number;
  let weeklyOnly: number;
  let unflagged: number;
  let noTemplate: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    second = await buildApp({ store: s.store, jobs: { timer: false, instanceId: 'second' } });
    admin = await s.login('admin');
    db = s.store.db as unknown as Kysely<LooseDB>;
    const unit = (
      await admin.entities.useUnit.save({
        name: 'Generated unit',
        region: 'Suzhou',
        longitude: 120.5,
        latitude: 31.3,
        owner: 'Owner',
      })
    ).id;
    const bare = (
      await admin.entities.useUnit.save({
        name: 'Unit without templates',
        region: 'Suzhou',
        longitude: 120.5,
        latitude: 31.3,
        owner: 'Owner',
      })
    ).id;
    const lift = async (no: string, useUnitId: number, daily: boolean, weekly: boolean, monthly: boolean) =>
      (
        await admin.entities.elevator.save({
          name: `Lift ${no}`,
          no,
          factoryNo: `GEN-${dialect}-${no}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId,
          autoDailyReport: daily,
          autoWeeklyReport: weekly,
          autoMonthlyReport: monthly,
        })
      ).id;
    flagged = await lift('G1', unit, true, true, true);
    weeklyOnly = await lift('G2', unit, false, true, false);
    unflagged = await lift('G3', unit, false, false, false);
    noTemplate = await lift('G4', bare, true, true, true);
    const item = { projectType: 'Car', projectName: 'Alarm works', precaution: 'Talk to the duty room' };
    for (const cycle of [1, 2, 3] as const) {
      // a non-default template first: the job must take the default one
      await admin.entities.supervisionTemplate.save({
        templateNo: `OLD-${cycle}`,
        templateName: `Old ${cycle}`,
        enterpriseId: unit,
        cycle,
        isDefault: false,
        items: [{ ...item, projectName: 'Old item' }],
      });
      await admin.entities.supervisionTemplate.save({
        templateNo: `DEF-${cycle}`,
        templateName: `Default ${cycle}`,
        enterpriseId: unit,
        cycle,
        isDefault: true,
        items: [item],
      });
    }
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  const recordsOf = async (elevatorId: number) =>
    (
      await db
        .selectFrom('supervisionRecords')
        .select(['cycle', 'controlDate'])
        .where('elevatorId', '=', elevatorId)
        .orderBy('cycle')
        .orderBy('controlDate')
        .execute()
    ).map((r) => `${Number(r.cycle)} ${String(r.controlDate)}`);

  it('makes each flagged lift’s records of the day, week and month in China’s calendar, from the default template', async () => {
    // both instances at once, twice each
    await Promise.all([
      s.app.jobs.runNow(JOB, T0),
      second.jobs.runNow(JOB, T0),
      s.app.jobs.runNow(JOB, T0),
      second.jobs.runNow(JOB, T0),
    ]);
    expect(await recordsOf(flagged)).toEqual(['1 2026-03-02', '2 2026-03-02', '3 2026-03-01']);
    expect(await recordsOf(weeklyOnly)).toEqual(['2 2026-03-02']);
    expect(await recordsOf(unflagged)).toEqual([]);
    expect(await recordsOf(noTemplate)).toEqual([]);
    const daily = (await admin.entities.supervisionRecord.list({ elevatorId: flagged, cycle: 1 })).records[0]!;
    expect(daily).toMatchObject({
      elevatorNo: 'G1',
      useUnit: 'Generated unit',
      handleResult: '',
      state: SUPERVISION_STATE.toHandle,
      creator: 'system',
      items: [
        { projectType: 'Car', projectName: 'Alarm works', precaution: 'Talk to the duty room', result: 0, note: '' },
      ],
    });
  });

  it('a generated record is handled only with a handle result', async () => {
    const daily = (await admin.entities.supervisionRecord.list({ elevatorId: flagged, cycle: 1 })).records[0]!;
    const without = await failure(
      admin.entities.supervisionRecord.save({ id: daily.id, officerOpinion: 'Looks fine' }),
    );
    expect(without.status).toBe(400);
    expect(without.message).toBe('Handle result: enter the handling result');
    const handled = await admin.entities.supervisionRecord.save({
      id: daily.id,
      items: [{ ...daily.items![0]!, result: 2, note: 'Duty room did not answer' }],
      handleResult: 'Line repaired',
    });
    expect(handled).toMatchObject({ abnormal: true, state: SUPERVISION_STATE.handled, handleResult: 'Line repaired' });
  });

  it('neither doubles nor skips across a restart, a stop of days and two instances running at once', async () => {
    await second.close();
    second = await buildApp({ store: s.store, jobs: { timer: false, instanceId: 'second-restarted' } });
    // the next day on both instances; then nothing runs for three days (the platform was stopped)
    for (const later of [1, 5]) {
      const t = T0 + later * DAY;
      await Promise.all([second.jobs.runNow(JOB, t), s.app.jobs.runNow(JOB, t), second.jobs.runDue(t)]);
    }
    expect(await recordsOf(flagged)).toEqual([
      '1 2026-03-02',
      '1 2026-03-03',
      '1 2026-03-04',
      '1 2026-03-05',
      '1 2026-03-06',
      '1 2026-03-07',
      '2 2026-03-02',
      '3 2026-03-01',
    ]);
    // a week on: the next Monday's weekly check; a month on: April's dispatch (the days between caught up)
    await Promise.all([s.app.jobs.runNow(JOB, T0 + 31 * DAY), second.jobs.runNow(JOB, T0 + 31 * DAY)]);
    const all = await recordsOf(flagged);
    expect(all.filter((r) => r.startsWith('2 '))).toEqual([
      '2 2026-03-02',
      '2 2026-03-09',
      '2 2026-03-16',
      '2 2026-03-23',
      '2 2026-03-30',
    ]);
    expect(all.filter((r) => r.startsWith('3 '))).toEqual(['3 2026-03-01', '3 2026-04-01']);
    expect(all.filter((r) => r.startsWith('1 ')).length).toBe(32);
    expect(new Set(all).size).toBe(all.length);
  });
});
