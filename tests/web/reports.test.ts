import { createReportShareLink } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlarm, insertFault, ownerOf } from '../support/monitoringRecords.js';
import { chromiumMissing, startConsole, BROWSER_TEST_TIMEOUT, type ConsoleFixture } from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'reports in the console: several elevators with their chart, and a public monitor report',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('the multi-elevator report draws its chart and rows; a signed monitor link opens without a login, an altered one shows nothing', async () => {
      const admin = await fx.server.login('admin');
      const unit = await admin.entities.useUnit.save({
        name: 'Report mall',
        region: 'Suzhou',
        longitude: 120.5,
        latitude: 31.3,
        owner: 'Owner',
      });
      const save = (name: string, no: string) =>
        admin.entities.elevator.save({
          name,
          no,
          factoryNo: `WEB-${no}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId: unit.id,
        });
      const a = (await save('报告一号梯', 'RW-1')).id;
      const b = (await save('Report lift 2', 'RW-2')).id;
      const now = Date.now();
      const owner = await ownerOf(fx.server, a);
      await insertFault(fx.server, owner, now - 60_000);
      await insertFault(fx.server, owner, now - 120_000);
      await insertAlarm(fx.server, owner, now - 60_000, 1);

      const { page, errors } = await fx.openAs('admin', {
        language: 'zh-CN',
        path: `/multiElevatorReport/${a},${b}/${encodeURIComponent('十一月报告')}`,
      });
      await page.getByTestId('elevators-report').waitFor();
      await page.getByText('十一月报告').waitFor();
      await page.getByTestId('statistics-chart').locator('svg').first().waitFor();
      const row = page.locator('[data-testid="report-table"] .ant-table-row', { hasText: '报告一号梯' });
      await row.waitFor();
      // name, faults, alarms, trapped
      expect((await row.locator('td').allInnerTexts()).slice(0, 4)).toEqual(['报告一号梯', '2', '1', '1']);
      await fx.shot(page, 'multi-elevator-report-zh-CN');

      // the PDF button downloads the same report
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-pdf').click()]);
      expect(download.suggestedFilename()).toMatch(/^elevators-.*\.pdf$/);

      // a public monitor report, opened by someone not signed in
      const link = await admin.call(createReportShareLink, { body: { kind: 'monitor', ids: String(a), period: 1 } });
      const anon = await fx.open('en-US');
      await anon.page.goto(`${fx.base}${link.path}`);
      await anon.page.getByTestId('monitor-report').waitFor();
      await anon.page.locator('.ant-descriptions', { hasText: '报告一号梯' }).waitFor();
      await anon.page.locator('[data-testid="monitor-recent"] .ant-table-row').nth(2).waitFor();
      await anon.page.getByTestId('statistics-chart').locator('svg').first().waitFor();
      expect(new URL(anon.page.url()).pathname).toBe(`/monitorReport/${a}`); // not sent to login
      await fx.shot(anon.page, 'monitor-report-en-US');
      // the same link with the other lift's id in its path opens nothing
      await anon.page.goto(
        `${fx.base}${link.path.replace(`/monitorReport/${a}?`, `/monitorReport/${b}?`).replace(`ids=${a}`, `ids=${b}`)}`,
      );
      await anon.page.getByTestId('share-link-invalid').waitFor();
      expect(await anon.page.getByText('Report lift 2').count()).toBe(0);
      await anon.context.close();

      // the call statistics beside the others on /aiManger
      const db = fx.server.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const [i, seconds] of [20, 0].entries())
        await db
          .insertInto('callRecords')
          .values({
            ...owner,
            dtuCode: '86000000000',
            msgId: `web-call-${i}`,
            callTime: now - 60_000 + i,
            durationSeconds: seconds,
            originator: 'Passenger',
            phone: '13800000009',
            createTime: now,
            updateTime: now,
          })
          .execute();
      await page.goto(`${fx.base}/aiManger`);
      const calls = page.locator('[data-testid="call-statistics"] .ant-table-row', { hasText: '报告一号梯' });
      await calls.waitFor();
      // name, calls, answered, unanswered, total seconds, mean seconds
      expect(await calls.locator('td').allInnerTexts()).toEqual(['报告一号梯', '2', '1', '1', '20', '20']);
      await page.locator('[data-testid="call-statistics"] .ant-table-row', { hasText: '13800000009' }).waitFor();
      expect(errors).toEqual([]);
      // the refused link's 404 is the only error the anonymous page may log
      expect(anon.errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  },
);
