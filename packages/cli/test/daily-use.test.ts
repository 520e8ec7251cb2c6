import { addDays, todayIn, type LiftCloudClient } from '@liftcloud/client';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../../../tests/support/files.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, startCli, tempConfigDir } from './helpers/cli.js';
import { waitFor } from './helpers/live-server.js';
import { hasTmux, tmuxCli } from './helpers/tmux.js';

/** Issue 20's list watching and contract voiding, through the built binary against the real server. */
describe('liftctl --watch and contract void', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let dir: string;
  let token = '';
  const env = () => ({ LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token, TZ: 'Asia/Shanghai' });
  const run = (args: string[]) => runCli(args, { env: env() });

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('daily-use')).token;
    dir = tempConfigDir();
  });
  afterAll(async () => s?.close());

  it(
    'list --watch piped: every row first, then only the rows that changed, until Ctrl-C (130)',
    { timeout: 90_000 },
    async () => {
      const a = await admin.entities.gatewayDevice.save({ dtuCode: '86100000091', deviceModel: 'W-1' });
      await admin.entities.gatewayDevice.save({ dtuCode: '86100000092', deviceModel: 'W-2' });
      const watch = startCli(
        ['gateway-device', 'list', '--device-model', 'W-', '--watch', '--interval', '1', '-o', 'jsonl'],
        env(),
      );
      try {
        await waitFor(() => watch.out.stdout.split('\n').filter(Boolean).length >= 2, 30_000, 'the first read');
        const first = watch.out.stdout.split('\n').filter(Boolean);
        expect(first.map((l) => (JSON.parse(l) as { dtuCode: string }).dtuCode).sort()).toEqual([
          '86100000091',
          '86100000092',
        ]);
        await admin.entities.gatewayDevice.save({
          ...(await admin.entities.gatewayDevice.get(a.id)),
          deviceModel: 'W-1b',
        });
        await waitFor(() => watch.out.stdout.split('\n').filter(Boolean).length >= 3, 30_000, 'the changed row');
        const changed = watch.out.stdout.split('\n').filter(Boolean).slice(2);
        // only the row that changed, as it is now
        expect(changed.map((l) => JSON.parse(l) as { dtuCode: string; deviceModel: string })).toEqual([
          expect.objectContaining({ dtuCode: '86100000091', deviceModel: 'W-1b' }),
        ]);
      } finally {
        watch.child.kill('SIGINT');
      }
      expect(await watch.exited).toBe(130);
      // bad uses: json has no end to close, --all reads every page, an interval out of range; entities that do not change by themselves take no --watch
      for (const [args, text] of [
        [['gateway-device', 'list', '--watch', '-o', 'json'], '--watch writes table, wide or jsonl, not json'],
        [['gateway-device', 'list', '--watch', '--all'], '--watch reads one page'],
        [['gateway-device', 'list', '--watch', '--interval', '0'], '--interval: a number of seconds from 1 to 3600'],
        [['company', 'list', '--watch'], "unknown option '--watch'"],
      ] as const) {
        const bad = await run([...args]);
        expect(bad.code, bad.stderr).toBe(2);
        expect(bad.stderr).toContain(text);
      }
    },
  );

  it.skipIf(!hasTmux)(
    'list --watch on a terminal redraws the table in place with the read time',
    { timeout: 90_000 },
    async () => {
      const lift = await admin.entities.elevator.save({
        name: 'Watched lift',
        factoryNo: 'WATCH-1',
        elevatorType: 1,
        useStatus: 1,
      });
      const term = tmuxCli(['elevator', 'list', '--name', 'Watched', '--watch', '--interval', '1'], env(), {
        columns: 160,
        rows: 24,
      });
      try {
        await term.waitFor(/Every 1 s: Elevator, read at/);
        await term.waitFor('Watched lift');
        const stored = await admin.entities.elevator.get(lift.id);
        await admin.entities.elevator.save({ id: lift.id, revision: stored.revision, name: 'Watched lift renamed' });
        await term.waitFor('Watched lift renamed').catch((e: Error) => {
          throw new Error(`${e.message}\n${term.screen()}`);
        });
        // drawn again in place: one header on the screen, not a growing log
        expect(term.screen().match(/Every 1 s/g)).toHaveLength(1);
        term.keys('C-c');
        expect(await term.exitCode()).toBe(130);
      } finally {
        term.kill();
      }
    },
  );

  it(
    'contract void: a reason is required, the contract is voided once, and its files can no longer change',
    { timeout: 90_000 },
    async () => {
      const today = todayIn('Asia/Shanghai');
      const made = await admin.entities.contract.save({
        contractNo: 'HT-CLI-VOID',
        siteName: 'Void site',
        startDate: addDays(today, -10),
        endDate: addDays(today, 100),
      });
      const pdf = join(dir, 'appendix.docx');
      writeFileSync(pdf, sample.docx());
      expect((await run(['contract', 'attach', String(made.id), pdf])).code).toBe(0);
      const noReason = await run(['contract', 'void', String(made.id), '--reason', '  ']);
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toContain('--reason: the void reason is required');
      const voided = await run(['contract', 'void', String(made.id), '--reason', 'signed twice', '-o', 'json']);
      expect(voided.code, voided.stderr).toBe(0);
      expect(voided.stderr).toContain('Contract HT-CLI-VOID voided');
      expect(JSON.parse(voided.stdout)).toMatchObject({ state: 2, voidReason: 'signed twice' });
      const again = await run(['contract', 'void', String(made.id), '--reason', 'again']);
      expect(again.code).toBe(1);
      // a voided contract takes no new file, and keeps the ones it has
      const attach = await run(['contract', 'attach', String(made.id), pdf]);
      expect(attach.code).toBe(1);
      expect(attach.stderr).toMatch(/voided/i);
      const files = await admin.attachments.list('contract', made.id);
      expect(files).toHaveLength(1);
      const removal = await admin.attachments.remove('contract', made.id, files[0]!.id).then(
        () => 200,
        (e: { status: number }) => e.status,
      );
      expect(removal).toBe(409);
      expect(await admin.attachments.list('contract', made.id)).toHaveLength(1);
      expect((await run(['contract', 'void', '999999', '--reason', 'x'])).code).toBe(1);
    },
  );
});
