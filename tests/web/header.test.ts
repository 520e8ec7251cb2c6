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
  'console header',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('defaults to Chinese, or English for an English browser', async () => {
      const zh = await fx.open('zh-CN');
      await zh.page.goto(`${fx.base}/login`);
      await zh.page.getByText('密码登录').waitFor();
      await zh.context.close();
      const en = await fx.open('en-GB');
      await en.page.goto(`${fx.base}/login`);
      await en.page.getByText('SMS code', { exact: true }).waitFor();
      await fx.shot(en.page, 'login-en-GB');
      await en.context.close();
    });

    it('switches language: saved, reloaded, and sent to the server', async () => {
      const { page, context } = await fx.openAs('admin', { locale: 'zh-CN', path: '/user' });
      await listState(page, 'list-user');
      await page.getByTestId('language-selector').click();
      const reloaded = page.waitForEvent('load');
      // the reloaded page asks for its list while it boots, possibly before its load event
      const request = page.waitForRequest((r) => r.url().includes('/api/users?'));
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Italiano' }).click();
      await reloaded;
      expect((await request).headers()['accept-language']).toBe('it-Italy');
      expect(await sidebarTexts(page)).toContain('Utenti e ruoli');
      expect(await page.getByTestId('breadcrumb').innerText()).toContain('Utenti');
      expect(await page.getByTestId('search-button').innerText()).toMatch(/Cerca/);
      expect(await page.getByTestId('create-button').innerText()).toMatch(/Aggiungi/);
      await fx.shot(page, 'users-it-Italy');
      await context.close();
    });

    it('switches organisation: saved, reloaded, and sent as X-Org-Id', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user' });
      await listState(page, 'list-user');
      const target = fx.server.demo.companies.maintenance!;
      await page.getByTestId('org-selector').click();
      const reloaded = page.waitForEvent('load');
      // the reloaded page asks for its list while it boots, possibly before its load event
      const request = page.waitForRequest((r) => r.url().includes('/api/users?'));
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Swift Lift Maintenance' })
        .click();
      await reloaded;
      expect((await request).headers()['x-org-id']).toBe(String(target));
      expect(await page.evaluate(() => localStorage.getItem('liftcloud.orgId'))).toBe(String(target));
      await expect.poll(() => page.getByTestId('org-selector').innerText()).toContain('Swift Lift Maintenance');
      await context.close();
    });

    it('keeps the global mute across reloads', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      const toggle = page.getByTestId('mute-toggle');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await page.reload();
      await expect.poll(() => page.getByTestId('mute-toggle').getAttribute('aria-pressed')).toBe('true');
      await context.close();
    });

    it('has QR code popovers and a user menu with account, logout and version 1.0', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      await page.getByTestId('qr-app').hover();
      await page.locator('.ant-popover:visible').getByText('No QR code set').waitFor();
      await page.getByTestId('user-menu').click();
      await expect
        .poll(() => page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').allInnerTexts())
        .toEqual(['Account settings', 'Log out', 'Version 1.0']);
      await page.getByRole('menuitem', { name: 'Account settings' }).click();
      await page.getByTestId('account').waitFor();
      expect(await page.getByTestId('breadcrumb').innerText()).toContain('Account settings');
      await context.close();
    });

    it('offers serial port authorization only for organisation 3034 or 0', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      await page.evaluate(() => localStorage.setItem('liftcloud.orgId', '0'));
      await page.reload();
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Serial port authorization' }).waitFor();
      await context.close();
    });

    it('brands the tab and the sidebar from the host UI setting', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      await expect.poll(() => page.title()).toBe('LiftCloud 电梯云');
      expect(await page.getByTestId('system-name').innerText()).toBe('LiftCloud 电梯云');
      await context.close();
    });
  },
);
