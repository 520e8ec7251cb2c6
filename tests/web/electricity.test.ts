import { upTopic } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import { chromiumMissing, startConsole, BROWSER_TEST_TIMEOUT, type ConsoleFixture } from './support/consoleFixture.js';

const HOUR = 3_600_000;

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'electricity meters in the console: consumption per lift and day, and a meter report',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('/electricityMeter shows the consumption a gateway reported, as a chart and a row; the row opens its report', async () => {
      const admin = await fx.server.login('admin');
      const unit = await admin.entities.useUnit.save({
        name: '电表商场',
        region: 'Suzhou',
        longitude: 120.5,
        latitude: 31.3,
        owner: 'Owner',
      });
      const gw = await provisionGateway(fx.server, admin, '86172000001', { name: '电表一号梯', useUnitId: unit.id });
      await admin.entities.meterGateway.save({ code: 'EM-WEB-1', name: '一号梯电表', elevatorId: gw.elevatorId });
      const conn = await connectGateway(fx.server.mqttUrl, gw);
      // within the last two hours: today or, just after midnight, still this month's readings only on its days
      const now = Date.now();
      const sent = [
        { ts: now - 2 * HOUR, kwh: 100 },
        { ts: now - HOUR, kwh: 112.5 },
        { ts: now - 60_000, kwh: 130 },
      ];
      for (const [i, r] of sent.entries())
        await publishQos1(conn, upTopic(gw.dtu, 'meter'), JSON.stringify({ id: `w-${i}`, gwSn: 'EM-WEB-1', ...r }));
      conn.end(true);
      const { page, errors } = await fx.openAs('admin', { language: 'zh-CN', path: '/electricityMeter' });
      await page.getByRole('tab', { name: '用电量' }).click();
      await page.getByTestId('electricity-page').waitFor();
      await page.getByTestId('electricity-chart').locator('svg').first().waitFor();
      const row = page.locator('[data-testid="electricity-table"] .ant-table-row', { hasText: '电表一号梯' });
      await row.waitFor();
      // elevator, use unit, meter, total (30 kWh when the three readings fall in this month)
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.slice(0, 3)).toEqual(['电表一号梯', '电表商场', 'EM-WEB-1']);
      expect(['30.0', '17.5', '0.0']).toContain(cells[3]);
      await fx.shot(page, 'electricity-consumption-zh-CN');

      await row.getByRole('link', { name: '电表一号梯' }).click();
      await page.getByTestId('meter-report').waitFor();
      expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(
        `/singleElectricityMeterReport/${gw.elevatorId}/EM-WEB-1/电表商场`,
      );
      await page.getByText('一号梯电表').waitFor();
      await page.getByTestId('electricity-chart').locator('svg').first().waitFor();
      expect(await page.getByTestId('meter-report-total').innerText()).toBe(cells[3]);
      await fx.shot(page, 'electricity-meter-report-zh-CN');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-pdf').click()]);
      expect(download.suggestedFilename()).toMatch(/^electricity-\d+-EM-WEB-1-.*\.pdf$/);
      expect(errors).toEqual([]);
    });
  },
);
