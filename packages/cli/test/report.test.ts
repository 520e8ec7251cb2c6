import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiftCloudClient } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFault, ownerOf } from '../../../tests/support/monitoringRecords.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** `liftctl report` and `liftctl stats` against the real server, as a cron job runs them (no terminal). */
describe('liftctl report and stats', { timeout: 150_000 }, () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;
  let liftId: number;
  const out = mkdtempSync(join(tmpdir(), 'liftctl-report-'));

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('cli-report')).token;
    liftId = (
      await admin.entities.elevator.save({ name: 'Cron lift', factoryNo: 'CRON-1', elevatorType: 1, useStatus: 1 })
    ).id;
    await insertFault(s, await ownerOf(s, liftId), Date.now() - 60_000);
  }, 180_000);
  afterAll(async () => s?.close());

  const run = (args: string[]) =>
    runCli(args, { env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token } });

  it('writes one elevator’s PDF, quietly, with the figures in it', async () => {
    const file = join(out, 'one.pdf');
    const r = await run(['report', 'elevator', '--elevator', String(liftId), '--period', 'year', '-o', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Cron lift');
    expect(text).toMatch(/Faults\s+1/);
  });

  it('--all writes one file per elevator in scope; json and csv go to stdout', async () => {
    const dir = join(out, 'all');
    const r = await run(['report', 'elevator', '--all', '-o', dir]);
    expect(r.code, r.stderr).toBe(0);
    const lifts = (await admin.entities.elevator.list({ pageSize: 200 })).records;
    expect(readdirSync(dir).sort()).toEqual(lifts.map((l) => `elevator-${l.id}.pdf`).sort());
    const json = await run(['report', 'elevator', '--elevator', String(liftId), '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ elevator: { id: liftId }, figures: { faults: 1 } });
    const csv = await run(['report', 'elevator', '--elevator', String(liftId), '-o', 'csv']);
    expect(csv.stdout.split('\r\n')[1]).toMatch(new RegExp(`^${liftId},Cron lift,`));
  });

  it('exit codes: 2 for a bad command line, 4 when some reports failed, 1 when all did', async () => {
    expect((await run(['report', 'elevator', '--elevator', String(liftId)])).code).toBe(2);
    expect(
      (await run(['report', 'elevator', '--elevator', String(liftId), '--period', 'week', '-o', 'x.pdf'])).code,
    ).toBe(2);
    const some = await run(['report', 'elevator', '--elevator', `${liftId},999999`, '-o', join(out, 'some.pdf')]);
    expect(some.code).toBe(4);
    expect(some.stderr).toContain('elevator 999999');
    expect(existsSync(join(out, `some-${liftId}.pdf`))).toBe(true);
    expect((await run(['report', 'elevator', '--elevator', '999999', '-o', join(out, 'none.pdf')])).code).toBe(1);
  });

  it('report elevators: several lifts in one report, as PDF, JSON and CSV', async () => {
    const second = (
      await admin.entities.elevator.save({ name: '第二台', factoryNo: 'CRON-2', elevatorType: 1, useStatus: 1 })
    ).id;
    const file = join(out, 'several.pdf');
    const ids = `${liftId},${second}`;
    const r = await run(['report', 'elevators', '--elevator', ids, '--name', 'Cron monthly', '-o', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Cron monthly');
    expect(text).toMatch(/Cron lift\s+1\s+0/);
    expect(text).toContain('第二台');
    expect(text).toMatch(/Total\s+1\s+0/);
    const json = JSON.parse((await run(['report', 'elevators', '--elevator', ids, '-o', 'json'])).stdout) as {
      rows: { id: number; faults: number }[];
      totals: { faults: number };
    };
    expect(json.rows.map((row) => [row.id, row.faults])).toEqual([
      [liftId, 1],
      [second, 0],
    ]);
    const csv = (await run(['report', 'elevators', '--elevator', ids, '-o', 'csv'])).stdout.split('\r\n');
    expect(csv[1]).toMatch(new RegExp(`^${liftId},\\d{4}-\\d\\d-01,\\d{4}-\\d\\d-\\d\\d,Cron lift,1,`));
    expect(csv[3]).toMatch(/^,.*,Total,1,/);
    // an elevator outside the caller's scope: nothing written, not found
    const missing = await run(['report', 'elevators', '--elevator', `${liftId},999999`, '-o', join(out, 'x.pdf')]);
    expect(missing.code).not.toBe(0);
    expect(existsSync(join(out, 'x.pdf'))).toBe(false);
  });

  it('stats prints the table for a person and JSON for a script', async () => {
    const table = await run(['stats', '--period', 'year', '--by', 'elevator']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/NAME|Name/);
    expect(table.stdout).toMatch(/Cron lift\s+1\s/);
  });

  it('stats --calls prints the call statistics', async () => {
    const owner = await ownerOf(s, liftId);
    const at = Date.now() - 60_000;
    const db = s.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const [i, seconds] of [30, 0, 50].entries())
      await db
        .insertInto('callRecords')
        .values({
          ...owner,
          dtuCode: '86000000000',
          msgId: `cli-call-${i}`,
          callTime: at + i,
          durationSeconds: seconds,
          originator: 'P',
          phone: '1',
          createTime: at,
          updateTime: at,
        })
        .execute();
    const json = await run(['stats', '--calls', '--period', 'month', '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const rows = JSON.parse(json.stdout) as { id: number; calls: number; answered: number; meanSeconds: number }[];
    expect(rows.find((row) => row.id === liftId)).toMatchObject({ calls: 3, answered: 2, meanSeconds: 40 });
    const table = await run(['stats', '--calls']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Cron lift\s+3\s+2\s+1\s+80\s+40/);
  });

  it('stats --lift-calls prints who called the lift between which floors, and how', async () => {
    const owner = await ownerOf(s, liftId);
    const at = Date.now() - 60_000;
    const db = s.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const [i, [username, operationType, startFloor, endFloor]] of [
      ['Anna', 3, 1, 12],
      ['Anna', 3, 1, 12],
      ['Bo', 1, 5, null],
    ].entries())
      await db
        .insertInto('liftCallRecords')
        .values({
          ...owner,
          dtuCode: '86000000000',
          msgId: `cli-lift-call-${i}`,
          callTime: at + i,
          username,
          mobile: `1390000000${username === 'Anna' ? 1 : 2}`,
          startFloor,
          endFloor,
          operationType,
          createTime: at,
          updateTime: at,
        })
        .execute();
    const json = await run(['stats', '--lift-calls', '--period', 'month', '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    // JSON keeps the server's fields (the floors as numbers); the table reads them as "1 → 12"
    const lines = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(lines).toEqual([
      expect.objectContaining({ username: 'Anna', startFloor: 1, endFloor: 12, operationType: 3, calls: 2 }),
      expect.objectContaining({ username: 'Bo', startFloor: 5, endFloor: null, operationType: 1, calls: 1 }),
    ]);
    const table = await run(['stats', '--lift-calls']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Anna\s+13900000001\s+1 → 12\s+Destination call\s+2/);
    expect((await run(['stats', '--calls', '--lift-calls'])).code).toBe(2);
  });

  it('stats prints the table as JSON', async () => {
    const r = await run(['stats', '--period', 'month', '--by', 'elevator', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: number; faults: number }[];
    expect(rows.find((row) => row.id === liftId)?.faults).toBe(1);
  });
});
