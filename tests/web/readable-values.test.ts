import { upTopic } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { chooseFirst } from './support/forms.js';

/** Issue 20: codes, JSON and route names read as words in the reader's language; Italian widths. */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'values a person reads in the console',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
      const admin = await fx.server.login('admin');
      const gw = await provisionGateway(fx.server, admin, '86100000097');
      const device = await connectGateway(fx.server.mqttUrl, gw);
      await publishQos1(
        device,
        upTopic(gw.dtu, 'event'),
        JSON.stringify({ id: 'web-run-1', ts: Date.now(), kind: 'run', startFloor: 1, endFloor: 9, distance: 24.5 }),
      );
      device.end(true);
      // an operation the log records: a company added by admin
      await admin.entities.company.save({ no: 'RL-1', name: 'Readable Lifts Co', type: 1 });
    });
    afterAll(async () => fx?.close());

    it('/event shows the kind and detail labelled, and /userOperateLog a sentence, in Chinese', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'zh-CN', path: '/event' });
      expect(await listState(page, 'list-eventRecord')).toBe('finish');
      const row = page.getByTestId('list-eventRecord').locator('.ant-table-row').first();
      await expect.poll(() => row.innerText()).toMatch(/运行[\s\S]*起始楼层：1，到达楼层：9，运行距离：24.5 m/);
      expect(await row.innerText()).not.toContain('{"');
      await fx.shot(page, 'event-zh-CN');
      await page.goto(`${fx.base}/userOperateLog`);
      expect(await listState(page, 'list-operationLog')).toBe('finish');
      const log = page.getByTestId('list-operationLog');
      await expect.poll(() => log.innerText()).toMatch(/admin 新增了.+Readable Lifts Co/);
      await fx.shot(page, 'operationLog-zh-CN');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('Italian /user at 1440 px: the actions column is bounded and leaves the other columns readable', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'it-Italy', path: '/user' });
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(await listState(page, 'list-user')).toBe('finish');
      const widths = await page.evaluate(() => {
        const heads = [...document.querySelectorAll('.ant-table-thead th')];
        const cell = heads.at(-1) as HTMLElement | undefined;
        const sider = document.querySelector('.ant-layout-sider') as HTMLElement;
        return { actions: cell?.getBoundingClientRect().width ?? 0, sider: sider.getBoundingClientRect().width };
      });
      expect(widths.actions).toBeGreaterThan(0);
      expect(widths.actions).toBeLessThanOrEqual(240);
      expect(widths.sider).toBe(260);
      await fx.shot(page, 'user-it-Italy');
      await context.close();
    });

    it('/workOrder raises a repair order by hand (a phone call) and opens it in its first state', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/workOrder' });
      await listState(page, 'list-workOrder');
      await page.getByTestId('raise-order').click();
      const form = page.locator('.ant-modal:visible');
      await form.locator('form').waitFor();
      // the alarm type is required: the message names it
      await chooseFirst(page, form, 'elevatorId');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await expect.poll(() => form.innerText()).toContain('Alarm type');
      await chooseFirst(page, form, 'type');
      await form.locator('#contactPerson').fill('Li Wei');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.waitForURL(/\/workOrder\/\d+$/);
      await expect.poll(() => page.getByTestId('work-order-state').innerText()).toBe('Alarm reported');
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const admin = await fx.server.login('admin');
      expect(await admin.entities.workOrder.get(id)).toMatchObject({ repairMethod: 3, contactPerson: 'Li Wei' });
      await fx.shot(page, 'raised-order-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
