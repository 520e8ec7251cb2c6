import { upTopic, type UserAction } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, provisionGateway, publishQos1 } from '../support/gateway.js';
import {
  chromiumMissing,
  listState,
  liveOpen,
  repairPollsAnswered,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

/** Issue 20, "Daily use": the console as operators use it every day. */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'daily use of the console',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('the sider and header stay in place; the menu scrolls on its own to a low item', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN' });
      const sidebar = page.getByTestId('sidebar');
      await sidebar.waitFor();
      // open every group: the menu is then far taller than the window
      for (const title of await page.locator('[data-testid="sidebar"] > li.ant-menu-submenu').all()) {
        if (!(await title.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
          await title.locator('> .ant-menu-submenu-title').click();
      }
      const items = page.locator('[data-testid="sidebar"] li[data-testid^="menu-"]');
      await expect.poll(() => items.count()).toBeGreaterThan(30);
      const low = items.last();
      const path = (await low.getAttribute('data-testid'))!.slice('menu-'.length);
      await low.click();
      await page.waitForURL((url) => url.pathname === path);
      const layout = await page.evaluate(() => {
        const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const scroller = document.querySelector('[data-testid="sidebar-scroll"]');
        return {
          innerHeight: window.innerHeight,
          scrollY: window.scrollY,
          header: rect('.ant-layout-header'),
          sider: rect('.ant-layout-sider'),
          content: rect('.ant-layout-content'),
          menuScrolls: scroller ? scroller.scrollHeight > scroller.clientHeight && scroller.scrollTop > 0 : false,
        };
      });
      // the header and the page are in the window, not scrolled away above an empty grey area
      expect(layout.header.top).toBe(0);
      expect(layout.content.top).toBeLessThan(layout.innerHeight);
      expect(layout.sider.top).toBe(0);
      expect(layout.sider.height).toBeLessThanOrEqual(layout.innerHeight);
      expect(layout.menuScrolls).toBe(true);
      // a long page scrolls under a header that stays
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => document.querySelector('.ant-layout-header')!.getBoundingClientRect().top)).toBe(
        0,
      );
      await context.close();
    });

    it('a restricted user gets no notice for lookups: pickers of records they cannot list are disabled and never asked', async () => {
      const { page, context } = await fx.openAs('companyuser', { language: 'en-US', path: '/elevator' });
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(r.url());
      });
      await listState(page, 'list-elevator');
      await page.getByTestId('create-button').click();
      await page.locator('[data-testid="form-drawer"] form').waitFor();
      const pickers = page.locator('[data-testid="form-drawer"] .ant-select[data-allowed]');
      await expect.poll(() => pickers.count()).toBeGreaterThan(3);
      const disabled = page.locator('[data-testid="form-drawer"] .ant-select[data-allowed="false"]');
      expect(await disabled.count()).toBeGreaterThan(0);
      expect(await disabled.first().getAttribute('class')).toContain('ant-select-disabled');
      await expect.poll(() => disabled.first().innerText()).toContain('You cannot list');
      // every picker the user may use is opened: it asks the server, and nothing is refused
      const usable = page.locator('[data-testid="form-drawer"] .ant-select[data-allowed="true"]');
      for (let i = 0; i < (await usable.count()); i++) {
        await usable.nth(i).click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().waitFor();
        await page.keyboard.press('Escape');
      }
      for (let i = 0; i < (await disabled.count()); i++) await disabled.nth(i).click({ force: true });
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
      expect(await page.locator('.ant-notification-notice').count()).toBe(0);
      await context.close();
    });

    /** A repair order of a new lift, reported by a gateway alarm and taken to `actions` through the API. */
    async function orderThrough(dtu: string, actions: UserAction[]) {
      const admin = await fx.server.login('admin');
      const gateway = await provisionGateway(fx.server, admin, dtu, { name: `Lift ${dtu}`, factoryNo: `F-${dtu}` });
      const device = await connectGateway(fx.server.mqttUrl, gateway);
      try {
        await publishQos1(
          device,
          upTopic(dtu, 'alarm'),
          JSON.stringify({ id: `a-${dtu}`, ts: Date.now(), type: 1, floor: 3 }),
        );
      } finally {
        device.end(true);
      }
      const order = (await admin.entities.workOrder.list({ elevatorId: gateway.elevatorId })).records[0]!;
      for (const action of actions)
        await admin.workOrders.act(
          order.id,
          action,
          action === 'finish' ? { handling: 'reset', faultReason: 'door' } : {},
        );
      return { admin, order };
    }

    it('the repair timeline and people read in Chinese: no action or role keys beside the labels', async () => {
      const { admin, order } = await orderThrough('86177700001', ['receive', 'arrive', 'finish', 'confirm']);
      await admin.workOrders.addPerson(order.id, fx.server.demo.users.companyuser, 'repair');
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path: `/workOrder/${order.id}` });
      const timeline = page.getByTestId('work-order-timeline');
      await expect.poll(() => timeline.locator('.ant-timeline-item').count()).toBe(5);
      const text = await timeline.innerText();
      expect(text).not.toMatch(/\b(report|receive|arrive|finish|confirm)\b/);
      for (const label of ['报警上报', '接单', '到达现场', '完成维修', '确认']) expect(text).toContain(label);
      // times as the console writes them everywhere, not in the browser's own locale
      expect(text.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g)).toHaveLength(5);
      await expect
        .poll(() => page.locator('.ant-tag').allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringContaining('维修人员')]));
      expect((await page.locator('.ant-tag').allInnerTexts()).join(' ')).not.toMatch(/\brepair\b/);
      await context.close();
    });

    it('finishing asks for the handling and the fault reason, and cancelling for its reason, each named', async () => {
      const { order } = await orderThrough('86177700002', ['receive']);
      const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path: `/workOrder/${order.id}` });
      const save = () => page.locator('.ant-modal-footer:visible').getByRole('button').last().click();
      await page.getByTestId('action-finish').click();
      await save();
      const finish = page.getByTestId('form-finish');
      await expect
        .poll(() => finish.locator('.ant-form-item-explain-error').allInnerTexts())
        .toEqual(['处理情况：不能为空', '故障原因：不能为空']);
      await page.keyboard.press('Escape');
      await page.getByTestId('action-cancel').click();
      await save();
      await expect
        .poll(() => page.getByTestId('form-cancel').locator('.ant-form-item-explain-error').allInnerTexts())
        .toEqual(['撤销原因：不能为空']);
      await context.close();
    });

    it('a new repair order appears in the open list by itself, and its notice is labelled and opens it', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/workOrder' });
      const primed = repairPollsAnswered(page);
      await listState(page, 'list-workOrder');
      await liveOpen(page);
      // orders open before the page loaded are history: the new one comes after the polls first answered
      await primed;
      const { order } = await orderThrough('86177700003', []);
      // the list reads again on the live frame: the row is there without a reload
      await page.getByTestId(`work-order-${order.id}`).waitFor({ timeout: 30_000 });
      const notice = page.getByTestId(`repair-notice-${order.id}`);
      await notice.waitFor({ timeout: 30_000 });
      const lines = (await notice.innerText()).split('\n');
      expect(lines[0]).toBe(`Work order no.: ${order.workOrderNo}`);
      expect(lines).toContain('Elevator: Lift 86177700003');
      expect(lines).toContain('Alarm type: People trapped');
      expect(lines.filter((l) => l.startsWith('Alarm time: '))).toHaveLength(1);
      await notice.click();
      await page.waitForURL((url) => url.pathname === `/workOrder/${order.id}`);
      await context.close();
    });

    it('an unknown id says the record does not exist, on the single monitor and the announcement page', async () => {
      for (const path of ['/singleMonitor/999999', '/publicNoticeDetail/999999']) {
        const { page, context } = await fx.openAs('admin', { language: 'zh-CN', path });
        const missing = page.getByTestId('record-missing');
        await missing.waitFor();
        expect(await missing.innerText()).toContain('记录不存在');
        expect(await page.getByText('离线').count()).toBe(0);
        // said once, on the page (repair notices of other tests' open orders may be there)
        expect(await page.locator('.ant-notification-notice', { hasText: '记录不存在' }).count()).toBe(0);
        await context.close();
      }
    });

    it('the login card title is in the console font (not the serif default), beside a logo', async () => {
      const { page, context } = await fx.open();
      await page.goto(`${fx.base}/login`);
      const title = page.getByTestId('login-system-name');
      await title.waitFor();
      await page.getByTestId('login-logo').waitFor();
      const fonts = await page.evaluate(() => ({
        title: getComputedStyle(document.querySelector('[data-testid="login-system-name"]')!).fontFamily,
      }));
      expect(fonts.title).toContain('sans-serif');
      expect(fonts.title).not.toMatch(/^"?Times/);
      await fx.shot(page, 'login-card-zh-CN');
      await context.close();
    });

    it('polls the power-down notice: a gateway power-down after the page opened is announced', async () => {
      const admin = await fx.server.login('admin');
      const dtu = '86177700005';
      const gateway = await provisionGateway(fx.server, admin, dtu, { name: `Lift ${dtu}`, factoryNo: `F-${dtu}` });
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      // the first answer is what was already there
      await page.waitForResponse((r) => r.url().includes('/api/mbPowerLoss/notice') && r.ok(), { timeout: 30_000 });
      const device = await connectGateway(fx.server.mqttUrl, gateway);
      try {
        await publishQos1(
          device,
          upTopic(dtu, 'event'),
          JSON.stringify({ id: `p-${dtu}`, ts: Date.now(), kind: 'powerDown' }),
        );
      } finally {
        device.end(true);
      }
      const notice = page
        .locator('.ant-notification-notice', { hasText: 'Power down' })
        .filter({ hasText: `Lift ${dtu}` });
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.innerText()).toContain(dtu);
      await context.close();
    });
  },
);
