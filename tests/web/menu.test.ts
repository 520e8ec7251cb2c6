import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  listState,
  sidebarTexts,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'sidebar menu rules',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('admin sees every group in Chinese, and the China-only ones vanish in English', async () => {
      const zh = await fx.openAs('admin', { language: 'zh-CN' });
      const zhMenu = await sidebarTexts(zh.page);
      expect(zhMenu).toEqual([
        '数据统计',
        '电梯管理',
        '电梯监控',
        '事件记录',
        '维保管理',
        '基础信息',
        '用户角色',
        '系统管理',
        '文档管理',
        '接入平台',
      ]);
      await fx.shot(zh.page, 'sidebar-admin-zh-CN');
      await zh.context.close();

      const en = await fx.openAs('admin', { language: 'en-US' });
      expect(await sidebarTexts(en.page)).toEqual([
        'Data statistics',
        'Elevator',
        'Monitor',
        'Event',
        'Upkeep',
        'Base info',
        'User role',
        'System',
      ]);
      await fx.shot(en.page, 'sidebar-admin-en-US');
      await en.context.close();
    });

    it('a viewer role shows single items for groups with one visible page', async () => {
      const zh = await fx.openAs('general', { language: 'zh-CN' });
      expect(await sidebarTexts(zh.page)).toEqual(['电梯档案', '事件记录', '质监局', '文档管理']);
      await zh.context.close();
      const en = await fx.openAs('general', { language: 'en-US' });
      expect(await sidebarTexts(en.page)).toEqual(['Elevators', 'Event']);
      await en.page.getByText('Event', { exact: true }).click();
      await expect
        .poll(() => en.page.locator('[data-testid="sidebar"] .ant-menu-sub li').allInnerTexts())
        .toEqual(['Event records', 'Alarm records', 'Fault records']);
      // the home page's overview has an "Elevators" card too: the sidebar's item is the one to click
      await en.page.getByTestId('sidebar').getByText('Elevators', { exact: true }).click();
      await en.page.waitForURL((url) => url.pathname === '/elevator');
      await listState(en.page, 'list-elevator');
      await en.context.close();
    });

    it('a user without the index gets no page by URL either, nor its list asked for', async () => {
      const lists: string[] = [];
      const { page, context } = await fx.openAs('general', {
        language: 'en-US',
        path: '/user',
        before: async (page) =>
          void page.on('request', (req) => {
            if (new URL(req.url()).pathname === '/api/users') lists.push(req.url());
          }),
      });
      await page.getByTestId('no-permission').waitFor();
      expect(lists).toEqual([]);
      await context.close();
    });

    it('a company administrator sees user, role and company pages but not the system group', async () => {
      const { page, context } = await fx.openAs('companyadmin', { language: 'en-US' });
      const menu = await sidebarTexts(page);
      expect(menu).toContain('User role');
      expect(menu).toContain('Base info');
      expect(menu).not.toContain('System');
      expect(menu).not.toContain('Operations');
      await context.close();
    });

    it('only superAdmin gets the operations group, without its China-only pages in English', async () => {
      const { page, context } = await fx.openAs('superAdmin', { language: 'en-US' });
      const menu = await sidebarTexts(page);
      expect(menu.at(-1)).toBe('Operations');
      await page.getByText('Operations', { exact: true }).click();
      await expect
        .poll(() => page.locator('[data-testid="sidebar"] .ant-menu-sub li').allInnerTexts())
        .toEqual(['Device gateways', 'UI settings', 'Tenants']);
      await context.close();
    });

    it('collapses and expands, and remembers it', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      const sider = page.locator('.ant-layout-sider');
      await page.getByTestId('sidebar-toggle').click();
      await expect.poll(() => sider.getAttribute('data-collapsed')).toBe('true');
      await page.reload();
      await expect.poll(() => sider.getAttribute('data-collapsed')).toBe('true');
      await page.getByTestId('sidebar-toggle').click();
      await expect.poll(() => sider.getAttribute('data-collapsed')).toBe('false');
      await context.close();
    });

    it('registers every route of §2 with its parameters', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      // /monitorMore and /singleElectricityMeterReport are built now (use-unit-monitor, electricity tests); not yet:
      for (const path of ['/meterGateway/7/2', '/simCard/89860000000000000001']) {
        await page.goto(`${fx.base}${path}`);
        await page.getByTestId('not-available').waitFor();
      }
      await page.goto(`${fx.base}/no/such/page`);
      await page.getByText('There is no such page').waitFor();
      await context.close();
    });
  },
);
