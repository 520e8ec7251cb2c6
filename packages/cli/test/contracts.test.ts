import { addDays, todayIn, voidContract } from '@liftcloud/client';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../../../tests/support/files.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** `liftctl contract list --expiring 30d` for cron reports, and a contract's appendix upload, against the real server. */
describe('liftctl contracts', () => {
  let s: TestServer;
  let dir: string;
  let token = '';
  const ids: Record<string, number> = {};
  const run = (args: string[]) =>
    runCli(args, {
      env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token, TZ: 'Asia/Shanghai' },
    });

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    const admin = await s.login('admin');
    token = (await admin.tokens.create('contract-tests')).token;
    dir = tempConfigDir();
    const today = todayIn('Asia/Shanghai');
    const save = async (contractNo: string, endDate: string) =>
      (ids[contractNo] = (
        await admin.entities.contract.save({
          contractNo,
          siteName: `${contractNo} site`,
          startDate: addDays(today, -300),
          endDate,
        })
      ).id);
    await save('HT-SOON', addDays(today, 12));
    await save('HT-LATER', addDays(today, 45));
    await save('HT-PAST', addDays(today, -3));
    await save('HT-VOID', addDays(today, 5));
    await admin.call(voidContract, { params: { id: ids['HT-VOID']! }, body: { reason: 'duplicate' } });
  });
  afterAll(async () => s?.close());

  it('lists the valid contracts ending within the span, as CSV for a cron report', async () => {
    const month = await run(['contract', 'list', '--expiring', '30d', '-o', 'csv']);
    expect(month.code, month.stderr).toBe(0);
    const lines = month.stdout.trim().split('\n');
    expect(lines[0]).toContain('contractNo');
    const body = lines.slice(1).join('\n');
    expect(body).toContain('HT-SOON');
    expect(body).not.toContain('HT-LATER');
    expect(body).not.toContain('HT-PAST');
    expect(body).not.toContain('HT-VOID');
    const longer = await run(['contract', 'list', '--expiring', '7w', '-o', 'json']);
    expect((JSON.parse(longer.stdout) as { contractNo: string }[]).map((r) => r.contractNo).sort()).toEqual([
      'HT-LATER',
      'HT-SOON',
    ]);
    const bad = await run(['contract', 'list', '--expiring', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('soon: give a span in days, as 30d, 2w or 30');
  });

  it('inspection due --within lists the lifts whose last pass was a year back within the span', async () => {
    const admin = await s.login('admin');
    const today = todayIn('Asia/Shanghai');
    const lift = async (name: string) =>
      (await admin.entities.elevator.save({ name, factoryNo: name, elevatorType: 1, useStatus: 1 })).id;
    await admin.entities.inspection.save({
      checkNo: 'NJ-DUE',
      elevatorId: await lift('Due soon lift'),
      checkDate: addDays(today, -365 + 10),
      result: 1,
    });
    await admin.entities.inspection.save({
      checkNo: 'NJ-LATER',
      elevatorId: await lift('Due later lift'),
      checkDate: addDays(today, -365 + 60),
      result: 1,
    });
    const due = await run(['inspection', 'due', '--within', '30d', '-o', 'csv']);
    expect(due.code, due.stderr).toBe(0);
    expect(due.stdout).toContain('NJ-DUE');
    expect(due.stdout).not.toContain('NJ-LATER');
    const longer = await run(['inspection', 'due', '--within', '9w', '-o', 'json']);
    expect((JSON.parse(longer.stdout) as { checkNo: string }[]).map((r) => r.checkNo).sort()).toEqual([
      'NJ-DUE',
      'NJ-LATER',
    ]);
  });

  it(
    'work-orders create raises a phone-call order that is then worked like any other',
    { timeout: 120_000 },
    async () => {
      const admin = await s.login('admin');
      const lift = await admin.entities.elevator.save({
        name: 'Phoned lift',
        factoryNo: 'PH-CLI',
        elevatorType: 1,
        useStatus: 1,
      });
      const made = await run([
        'work-orders',
        'create',
        '--elevator',
        String(lift.id),
        '--type',
        '1',
        '--contact-person',
        'Li Wei',
        '--alarm-phone',
        '13900000002',
        '--has-people',
        '-o',
        'json',
      ]);
      expect(made.code, made.stderr).toBe(0);
      const order = JSON.parse(made.stdout) as {
        id: number;
        repairMethod: number;
        recordState: number;
        hasPeople: boolean;
      };
      expect(order).toMatchObject({ repairMethod: 3, recordState: 0, hasPeople: true });
      expect((await run(['work-orders', 'receive', String(order.id)])).code).toBe(0);
      expect((await admin.entities.workOrder.get(order.id)).recordState).toBe(1);
      // the alarm flow flags: in the JSON detail as fields, in the table as the flow so far
      const detail = await run(['work-orders', 'get', String(order.id), '-o', 'json']);
      expect(JSON.parse(detail.stdout)).toMatchObject({
        order: { reported: true, answered: true, arrived: false, confirmed: false, cancelled: false },
      });
      const shown = await run(['work-orders', 'get', String(order.id)]);
      expect(shown.stdout).toMatch(/Alarm flow: Reported → Answered\n/);
      const zh = await runCli(['work-orders', 'get', String(order.id)], {
        env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token, LC_ALL: 'zh_CN.UTF-8' },
      });
      expect(zh.stdout).toContain('报警流程： 已报警 → 已接警');
      const bad = await run(['work-orders', 'create', '--elevator', String(lift.id), '--method', 'fax']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('fax: the method is phone, app or inspection');
    },
  );

  it(
    'attaches an appendix by content, lists and downloads it (not to another tenant); a renamed file is refused',
    { timeout: 120_000 },
    async () => {
      const path = join(dir, 'appendix.xlsx');
      writeFileSync(path, sample.xlsx(2048));
      const attached = await run(['contract', 'attach', String(ids['HT-SOON']), path, '--json']);
      expect(attached.code, attached.stderr).toBe(0);
      expect(JSON.parse(attached.stdout)).toMatchObject({
        name: 'appendix.xlsx',
        sha256: sample.sha256(sample.xlsx(2048)),
      });
      const listed = await run(['contract', 'attachments', String(ids['HT-SOON']), '--json']);
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({ name: 'appendix.xlsx', uploaderName: 'Demo Administrator' }),
      ]);
      // download round-trips the bytes; another tenant's token gets nothing
      const kept = JSON.parse(attached.stdout) as { id: number };
      const target = join(dir, 'appendix-copy.xlsx');
      const saved = await run(['contract', 'download', String(kept.id), '--out', target, '--json']);
      expect(saved.code, saved.stderr).toBe(0);
      expect(JSON.parse(saved.stdout)).toMatchObject({ path: target, sha256: sample.sha256(sample.xlsx(2048)) });
      expect(sample.sha256(readFileSync(target))).toBe(sample.sha256(sample.xlsx(2048)));
      const coastal = (await (await s.login('coastaladmin')).tokens.create('coastal-contract')).token;
      const foreign = await runCli(['contract', 'download', String(kept.id), '--out', join(dir, 'stolen.xlsx')], {
        env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: coastal },
      });
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toContain(`No file ${kept.id} that you may read`);
      expect(existsSync(join(dir, 'stolen.xlsx'))).toBe(false);
      const renamed = join(dir, 'terms.docx');
      writeFileSync(renamed, sample.png());
      const refused = await run(['contract', 'attach', String(ids['HT-SOON']), renamed]);
      expect(refused.code).toBe(1);
      const pdf = join(dir, 'scan.pdf');
      writeFileSync(pdf, sample.pdf());
      const wrongType = await run(['contract', 'attach', String(ids['HT-SOON']), pdf]);
      expect(wrongType.code).toBe(2);
    },
  );
});
