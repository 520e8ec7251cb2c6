import { createReportShareLink } from '@liftcloud/client';
import { execFileSync } from 'node:child_process';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlarm, insertFault, ownerOf } from '../support/monitoringRecords.js';
import { chromiumMissing, startConsole, BROWSER_TEST_TIMEOUT, type ConsoleFixture } from './support/consoleFixture.js';

/** The text a reader gets back from a PDF file (poppler-utils' pdftotext). */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'report pages: one series of one lift as a chart, and the public fault report and PDF behind a signed link',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('/echartReport draws the lift’s faults by month; /genGzReport and /pdf open without a login and show the same faults', async () => {
      const admin = await fx.server.login('admin');
      const unit = await admin.entities.useUnit.save({
        name: '图表报告大厦',
        region: 'Suzhou',
        longitude: 120.5,
        latitude: 31.3,
        owner: 'Owner',
      });
      const save = (name: string, no: string) =>
        admin.entities.elevator.save({
          name,
          no,
          factoryNo: `RP-${no}`,
          elevatorType: 1,
          useStatus: 1,
          useUnitId: unit.id,
        });
      const a = (await save('图表一号梯', 'RP-1')).id;
      const b = (await save('Chart lift 2', 'RP-2')).id;
      const now = Date.now();
      const owner = await ownerOf(fx.server, a);
      for (const minutes of [1, 2, 3]) await insertFault(fx.server, owner, now - minutes * 60_000);
      await insertAlarm(fx.server, owner, now - 60_000, 1);

      // one series of one lift: the chart and the month's figure below it
      const { page, errors } = await fx.openAs('admin', { language: 'zh-CN', path: `/echartReport/${a}/faults` });
      await page.getByTestId('chart-report').waitFor();
      await page.locator('.ant-card-head', { hasText: '图表一号梯' }).waitFor();
      const chart = page.getByTestId('statistics-chart').locator('svg').first();
      await chart.waitFor();
      // one series (the faults) in the legend, drawn as bars: the month's bar is a path of the series colour
      await expect.poll(() => chart.locator('text', { hasText: '故障' }).count()).toBeGreaterThan(0);
      expect(await chart.locator('text', { hasText: '报警' }).count()).toBe(0);
      expect(await chart.locator('path[fill="#faad14"]').count()).toBeGreaterThan(1); // legend mark and bar
      const month = page.locator('.ant-table-row').last();
      expect((await month.locator('td').allInnerTexts())[1]).toBe('3');
      await fx.shot(page, 'echart-report-faults-zh-CN');
      // a type that is not a series shows no report
      await page.goto(`${fx.base}/echartReport/${a}/nonsense`);
      await page.locator('.ant-result-404').waitFor();
      expect(await page.getByTestId('statistics-chart').count()).toBe(0);

      // the call-elevator statistics on /aiManger: the lift's row by operation type, and who called between which floors
      const db = fx.server.store.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const [i, [operationType, startFloor, endFloor]] of [
        [3, 1, 12],
        [3, 1, 12],
        [1, 5, null],
      ].entries())
        await db
          .insertInto('liftCallRecords')
          .values({
            ...owner,
            dtuCode: '86000000000',
            msgId: `web-lift-call-${i}`,
            callTime: now - 60_000 + i,
            username: '王芳',
            mobile: '13900000007',
            startFloor,
            endFloor,
            operationType,
            createTime: now,
            updateTime: now,
          })
          .execute();
      await page.goto(`${fx.base}/aiManger`);
      const card = page.getByTestId('lift-call-statistics');
      const liftRow = card.locator('.ant-table-row', { hasText: '图表一号梯' });
      await liftRow.waitFor();
      // name, calls, hall calls, car calls, destination calls, people
      expect(await liftRow.locator('td').allInnerTexts()).toEqual(['图表一号梯', '3', '1', '0', '2', '1']);
      const usage = page.locator('[data-testid="lift-call-usage"] .ant-table-row');
      await expect.poll(() => usage.count()).toBe(2);
      expect(await usage.first().locator('td').allInnerTexts()).toEqual(
        expect.arrayContaining(['王芳', '13900000007', '1 → 12', '目的层呼梯', '2']),
      );
      await card.locator('svg').first().waitFor();
      await card.scrollIntoViewIfNeeded();
      await fx.shot(page, 'lift-call-statistics-zh-CN');

      // the fault report of both lifts through a signed link, opened by someone not signed in
      const link = await admin.call(createReportShareLink, {
        body: { kind: 'faults', ids: `${a},${b}`, period: 1, name: '十一月故障报告' },
      });
      const anon = await fx.open('zh-CN');
      await anon.page.goto(`${fx.base}${link.path}`);
      await anon.page.getByTestId('fault-report').waitFor();
      expect(new URL(anon.page.url()).pathname).toBe('/genGzReport'); // not sent to login
      await anon.page.locator('.ant-card-head', { hasText: '十一月故障报告' }).waitFor();
      const row = anon.page.locator('[data-testid="report-table"] .ant-table-row', { hasText: '图表一号梯' });
      await row.waitFor();
      // name, faults, alarms, trapped
      expect(await row.locator('td').allInnerTexts()).toEqual(['图表一号梯', '3', '1', '1']);
      const other = anon.page.locator('[data-testid="report-table"] .ant-table-row', { hasText: 'Chart lift 2' });
      expect((await other.locator('td').allInnerTexts()).slice(1)).toEqual(['0', '0', '0']);
      await expect.poll(() => anon.page.locator('[data-testid="fault-list"] .ant-table-row').count()).toBe(3);
      expect(await anon.page.locator('[data-testid="fault-list"] .ant-table-row', { hasText: 'E35' }).count()).toBe(3);
      await fx.shot(anon.page, 'gen-gz-report-zh-CN');

      // /pdf: the same report as a PDF, shown and offered for download; its text is the page's
      await anon.page.goto(`${fx.base}${link.pdfPath}`);
      await anon.page.getByTestId('shared-pdf').waitFor();
      expect(new URL(anon.page.url()).pathname).toBe('/pdf');
      await anon.page.locator('[data-testid="shared-pdf"] iframe').waitFor();
      const [download] = await Promise.all([
        anon.page.waitForEvent('download'),
        anon.page.getByTestId('shared-pdf-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const text = pdfText((await download.path())!);
      expect(text).toContain('十一月故障报告');
      expect(text).toContain('图表一号梯');
      expect(text.match(/E35/g)?.length).toBe(3);
      await fx.shot(anon.page, 'shared-pdf-zh-CN');

      // an altered signature opens neither page
      const forged = link.path.replace(/sig=([^&]+)/, (_, sig: string) => `sig=${sig.slice(0, -2)}AA`);
      await anon.page.goto(`${fx.base}${forged}`);
      await anon.page.getByTestId('share-link-invalid').waitFor();
      expect(await anon.page.getByText('图表一号梯').count()).toBe(0);
      await anon.context.close();
      expect(errors).toEqual([]);
      // the refused link's 404 is the only error the anonymous page may log
      expect(anon.errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  },
);
