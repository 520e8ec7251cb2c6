import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceFixture, type MaintenanceFixture } from '../../../tests/support/maintenance.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** `liftctl maint` against the real server: plan generation (dry run, then for real), reports, send and invalidate. */
describe('liftctl maint', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;
  let fx: MaintenanceFixture;
  let planId: number;
  const start = '2027-01-01';

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('cli-maint')).token;
    fx = await maintenanceFixture(s, admin, 'cli');
    planId = (
      await admin.entities.maintenancePlan.save({
        name: 'CLI plan',
        maintenanceTypeId: fx.typeId,
        companyId: fx.companyId,
        elevatorIds: [fx.elevatorId],
        startDate: start,
        endDate: '2027-12-31',
        cycle: 15,
      })
    ).id;
  });
  afterAll(async () => s?.close());

  const env = () => ({ LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token });
  const run = (args: string[]) => runCli(args, { env: env() });
  const stored = async () => (await admin.entities.maintenanceOrder.list({ pageSize: 200 })).records;

  it('plan generate --dry-run shows the orders a range would make and makes none; then for real, once', async () => {
    const range = ['maint', 'plan', 'generate', '--from', start, '--to', '2027-03-01'];
    const dry = await run([...range, '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    const wouldBe = JSON.parse(dry.stdout) as { planId: number; elevatorId: number; planDate: string }[];
    expect(wouldBe.map((o) => o.planDate)).toEqual([0, 15, 30, 45].map((d) => addDays(start, d)));
    expect(wouldBe.every((o) => o.planId === planId && o.elevatorId === fx.elevatorId)).toBe(true);
    expect(dry.stderr).toContain('4 orders would be created');
    // the table names the plan and the elevator, each with its id
    const table = await run([...range, '--dry-run']);
    const lift = await admin.entities.elevator.get(fx.elevatorId);
    expect(table.stdout).toContain(`CLI plan #${planId}`);
    expect(table.stdout).toContain(`${String(lift.name)} #${fx.elevatorId}`);
    expect(await stored()).toEqual([]);

    const real = await run(range);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain(addDays(start, 45));
    expect(real.stderr).toContain('4 orders created');
    expect((await stored()).map((o) => o.planDate).sort()).toEqual(wouldBe.map((o) => o.planDate));

    const again = await run([...range, '-o', 'json']);
    expect(JSON.parse(again.stdout)).toEqual([]);
    expect(await stored()).toHaveLength(4);

    const bad = await run(['maint', 'plan', 'generate', '--from', '2027-02-30', '--to', '2027-03-01']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from: not a date');
  });

  // eight liftctl runs: on a loaded machine each takes seconds
  it(
    'orders --not-accepted and --overdue report for cron; send and invalidate with a reason act on one',
    { timeout: 120_000 },
    async () => {
      const [first] = await stored();
      const id = String(first!.id);
      const sent = await runCli(['maint', 'send', id], { env: { ...env(), LANG: 'zh_CN.UTF-8' } });
      expect(sent.code, sent.stderr).toBe(0);
      // in the reader's language throughout, not the action's key ('已send')
      expect(sent.stderr).toContain(`维保工单${id}已发送`);
      expect((await admin.entities.maintenanceOrder.get(first!.id)).status).toBe(3);
      await fx.db
        .updateTable('maintenanceOrders')
        .set({ status: 4, recentNotAccept: 1, planDate: '2020-01-01' })
        .where('id', '=', first!.id)
        .execute();
      const late = await run(['maint', 'orders', '--not-accepted', '-o', 'json']);
      expect((JSON.parse(late.stdout) as { id: number }[]).map((o) => o.id)).toEqual([first!.id]);
      const overdue = await run(['maint', 'orders', '--overdue', '-o', 'json']);
      expect((JSON.parse(overdue.stdout) as { id: number }[]).map((o) => o.id)).toEqual([first!.id]);
      // the report's table: the order, its lift, worker, dates, status and timing in words, not the items' JSON
      const report = await run(['maint', 'orders', '--overdue']);
      expect(report.code, report.stderr).toBe(0);
      const [header, line] = report.stdout.trim().split('\n');
      expect(header!.split(/\s{2,}/)).toEqual([
        'ID',
        'ORDER NO.',
        'ELEVATOR NAME',
        'COMPANY NAME',
        'WORKER 1 NAME',
        'PLAN DATE',
        'MAINTENANCE DATE',
        'STATUS',
        'TIMING',
      ]);
      expect(line).toContain('2020-01-01');
      expect(line).toContain('Not accepted');
      expect(line).toContain('Overdue (extended)');
      expect(report.stdout).not.toContain('"condition"');
      expect((JSON.parse((await run(['maint', 'orders', '-o', 'json'])).stdout) as unknown[]).length).toBe(4);

      const noReason = await run(['maint', 'invalidate', id]);
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toContain('invalidate needs a reason: --reason');
      const invalid = await run(['maint', 'invalidate', id, '--reason', 'Lift replaced']);
      expect(invalid.code, invalid.stderr).toBe(0);
      expect(invalid.stderr).toContain(`Maintenance order ${id} invalidated`);
      expect(await admin.entities.maintenanceOrder.get(first!.id)).toMatchObject({
        status: 11,
        invalidReason: 'Lift replaced',
      });
      const twice = await run(['maint', 'send', id]);
      expect(twice.code).not.toBe(0);
      expect(twice.stderr).toContain('it cannot be sent now');
    },
  );

  it(
    'old-style orders: entity commands enter and list one; maint old confirms it (final) and invalidate needs a reason',
    { timeout: 120_000 },
    async () => {
      const made = await run([
        'old-maintenance-order',
        'create',
        '--set',
        'orderNo=OM-CLI-1',
        '--set',
        `elevatorId=${fx.elevatorId}`,
        '--set',
        `companyId=${fx.companyId}`,
        '--set',
        `worker1Id=${fx.workerId}`,
        '--set',
        'maintenanceDate=2026-03-01',
        '--set',
        'content=Brake and doors checked',
        '-o',
        'json',
      ]);
      expect(made.code, made.stderr).toBe(0);
      const order = JSON.parse(made.stdout) as { id: number; status: number };
      expect(order.status).toBe(1);
      const id = String(order.id);
      const listed = await run(['old-maintenance-order', 'list', '--status', '1', '-o', 'csv']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('OM-CLI-1');
      const table = await run(['old-maintenance-order', 'get', id]);
      expect(table.stdout).toContain('Wait for confirmation');

      const noReason = await run(['maint', 'old', 'invalidate', id]);
      expect(noReason.code).toBe(2);
      const badGrade = await run(['maint', 'old', 'confirm', id, '--evaluation', '7']);
      expect(badGrade.code).toBe(2);
      expect(badGrade.stderr).toContain('7: the evaluation is 1, 2, 3 or 4');
      const confirmed = await run(['maint', 'old', 'confirm', id, '--evaluation', '4', '--advice', 'On time']);
      expect(confirmed.code, confirmed.stderr).toBe(0);
      expect(confirmed.stderr).toContain(`Old-style maintenance order ${id}: Confirmed`);
      expect(await admin.entities.oldMaintenanceOrder.get(order.id)).toMatchObject({ status: 2, evaluation: 4 });
      const late = await run(['maint', 'old', 'invalidate', id, '--reason', 'Too late']);
      expect(late.code).toBe(1);
      expect(late.stderr).toContain('This old-style maintenance order is Confirmed: it cannot be invalidated now');
    },
  );
});
