import type { LiftCloudClient } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LooseDB } from '../../server/src/store/repository.js';
import { insertFault, ownerOf } from '../../../tests/support/monitoringRecords.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** `liftctl health` against the real server, as a cron job runs it (no terminal). */
describe('liftctl health', { timeout: 150_000 }, () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;
  let worn: number;
  let fine: number;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('cli-health')).token;
    const lift = (name: string, no: string) =>
      admin.entities.elevator.save({ name, factoryNo: no, elevatorType: 1, useStatus: 1 });
    worn = (await lift('Worn lift', 'HEALTH-1')).id;
    fine = (await lift('Fine lift', 'HEALTH-2')).id;
    // 15 faults (−30), 4 hazards (−20), a standing potential fault (−15): 35, low
    const owner = await ownerOf(s, worn);
    const now = Date.now();
    for (let i = 0; i < 15; i++) await insertFault(s, owner, now - 60_000 - i);
    const db = s.store.db as unknown as Kysely<LooseDB>;
    for (let i = 0; i < 4; i++)
      await db
        .insertInto('hazardRecords')
        .values({
          ...owner,
          dtuCode: '86000000000',
          msgId: `h-${i}`,
          hazardTime: now - 60_000,
          code: 'H07',
          createTime: now,
          updateTime: now,
        })
        .execute();
    await db
      .insertInto('potentialFaults')
      .values({
        ...owner,
        settingId: 1,
        settingName: 'Door lock',
        score: 5,
        warningValue: 3,
        statPeriod: 7,
        faultCount: 5,
        contributions: '[]',
        raisedTime: now,
        open: 1,
        createTime: now,
        updateTime: now,
      })
      .execute();
  }, 180_000);
  afterAll(async () => s?.close());

  const run = (args: string[]) =>
    runCli(args, { env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token } });

  it('--below middle lists only the low ones, as JSON, and exits 6 for cron', async () => {
    const r = await run(['health', '--below', 'middle', '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    const rows = JSON.parse(r.stdout) as { elevatorId: number; level: number; score: number; reasons: unknown[] }[];
    expect(rows.map((h) => h.elevatorId)).toEqual([worn]);
    expect(rows[0]).toMatchObject({
      score: 35,
      level: 1,
      reasons: [
        { factor: 'faults', value: 15, points: 30 },
        { factor: 'hazards', value: 4, points: 20 },
        { factor: 'potentialFaults', value: 1, points: 15 },
      ],
    });
  });

  it('exits 0 when nothing is below the level; csv reads the reasons; a bad level is a usage error', async () => {
    const none = await run(['health', '--below', 'low', '-o', 'json']);
    expect(none.code, none.stderr).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
    const csv = await run(['health', '--elevator', String(worn), String(fine), '-o', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('elevatorId,elevatorName,score,level,reasons');
    expect(lines[1]).toBe(
      `${worn},Worn lift,35,1,Faults in 30 days 15 (−30); Safety hazards in 30 days 4 (−20); Potential faults standing 1 (−15)`,
    );
    expect(lines[2]).toBe(`${fine},Fine lift,100,3,`);
    const table = await run(['health', '--elevator', String(fine)]);
    expect(table.stdout).toMatch(/Fine lift\s+100\s+High/);
    expect((await run(['health', '--below', 'worst'])).code).toBe(2);
  });
});
