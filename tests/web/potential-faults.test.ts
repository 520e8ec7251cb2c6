import { upTopic } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1, type TestGateway } from '../support/gateway.js';
import { BROWSER_TEST_TIMEOUT, chromiumMissing, startConsole, type ConsoleFixture } from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'potential faults and the health index in the console',
  { timeout: 3 * BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    let gw: TestGateway;
    beforeAll(async () => {
      fx = await startConsole();
      const superAdmin = await fx.server.login('superAdmin');
      await superAdmin.entities.potentialFaultSetting.save({
        name: 'Door lock web',
        warningValue: 3,
        statPeriod: 7,
        details: [{ faultCode: 12, weight: 100 }],
      });
      const admin = await fx.server.login('admin');
      gw = await provisionGateway(fx.server, admin, '86100000091');
      const device = await connectGateway(fx.server.mqttUrl, gw);
      for (let i = 0; i < 5; i++)
        await publishQos1(
          device,
          upTopic(gw.dtu, 'fault'),
          JSON.stringify({ id: `wpf${i}`, ts: Date.now() - 1000, code: '12', floorCode: '02', floor: 2 }),
        );
      device.end(true);
      expect((await fx.server.app.jobs.runNow('potential-faults', Date.now())).outcome).toBe('ok');
    }, 3 * BROWSER_TEST_TIMEOUT);
    afterAll(async () => fx?.close());

    it('the super admin edits settings with their fault codes; /potential lists what contributed', async () => {
      const sa = await fx.openAs('superAdmin', { language: 'zh-CN', path: '/potentialFaultSetting' });
      await sa.page.getByText('Door lock web').waitFor();
      await sa.page.getByTestId('create-button').click();
      await sa.page.getByTestId('add-detail').click();
      await expect.poll(() => sa.page.getByTestId('details-editor').locator('.ant-input-number').count()).toBe(2);
      await fx.shot(sa.page, 'potential-fault-setting-zh-CN');
      expect(sa.errors).toEqual([]);
      await sa.context.close();

      const { page, context, errors } = await fx.openAs('admin', { language: 'zh-CN', path: '/potential' });
      await page.getByRole('tab', { name: '潜在故障' }).click();
      const row = page.getByTestId('list-potentialFault').locator('.ant-table-row').first();
      await expect.poll(() => row.innerText()).toMatch(/Door lock web[\s\S]*故障12×5（权重100）/);
      await fx.shot(page, 'potential-faults-zh-CN');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('shows the health index on the elevator list, its drawer, the monitor and the kanban', async () => {
      // 5 faults (−10) and the potential fault they raised (−15): 75, middle
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/elevator' });
      const tag = page.getByTestId(`health-${gw.elevatorId}`);
      await expect.poll(() => tag.getAttribute('data-level')).toBe('2');
      expect(await tag.innerText()).toBe('Middle');
      await page.getByTestId(`floors-${gw.elevatorId}`).click();
      await page.getByRole('tab', { name: 'Health' }).click();
      const detail = page.getByTestId('health-detail');
      await expect.poll(() => detail.innerText()).toMatch(/75[\s\S]*Faults in 30 days 5 \(−10\)/);
      await fx.shot(page, 'health-drawer-en-US');

      await page.goto(`${fx.base}/singleMonitor/${gw.elevatorId}`);
      await expect.poll(() => page.getByTestId(`health-${gw.elevatorId}`).getAttribute('data-level')).toBe('2');
      expect(errors).toEqual([]);
      await context.close();

      const zh = await fx.openAs('admin', { language: 'zh-CN', path: '/cloudKanban' });
      const middle = zh.page.getByTestId('kanban-health-middle');
      await expect.poll(() => middle.getAttribute('data-value'), { timeout: 30_000 }).not.toBe('');
      expect(Number(await middle.getAttribute('data-value'))).toBeGreaterThanOrEqual(1);
      await fx.shot(zh.page, 'kanban-health-zh-CN');
      expect(zh.errors).toEqual([]);
      await zh.context.close();
    });
  },
);
