import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

const rows = (page: Page) => page.locator('[data-testid="list-user"] .ant-table-tbody tr.ant-table-row');
const firstColumn = (page: Page) =>
  page.locator('[data-testid="list-user"] .ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();
const params = (page: Page) => new URL(page.url()).searchParams;

/** Pick a user type in the open user form, and wait until the select shows it. */
async function chooseUserType(page: Page, label: string): Promise<void> {
  const form = page.getByTestId('form-user');
  await form.locator('#userType').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await form
    .locator('.ant-select-content', { hasText: new RegExp(`^${label}$`) })
    .or(form.getByTitle(label, { exact: true }))
    .first()
    .waitFor();
}

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the list page',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
      const admin = await fx.server.login('admin');
      const company = fx.server.demo.companies.maintenance!;
      for (let n = 1; n <= 25; n++)
        await admin.entities.user.save({
          username: `bulk_${String(n).padStart(2, '0')}`,
          password: 'Passw0rdX',
          name: `Bulk ${n}`,
          phone: `1360000${String(n).padStart(4, '0')}`,
          userType: 2,
          roleIds: [],
          maintainer: false,
          companyId: company,
        });
    });
    afterAll(async () => fx?.close());

    it('pages 20 at a time, keeps the page in the URL, and offers 20 to 200 per page', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user' });
      await listState(page, 'list-user');
      expect(await rows(page).count()).toBe(20);
      await fx.shot(page, 'users-en-US');
      await page.locator('.ant-pagination-item-2').click();
      await expect.poll(() => params(page).get('pageNo')).toBe('2');
      await expect.poll(() => rows(page).count()).toBe(32 - 20);
      await page.reload();
      await listState(page, 'list-user');
      expect(await rows(page).count()).toBe(12);
      await page.locator('.ant-pagination-options .ant-select').click();
      const sizes = await page.locator('.ant-select-dropdown .ant-select-item-option').allInnerTexts();
      expect(sizes.map((s) => parseInt(s, 10))).toEqual([20, 30, 50, 100, 200]);
      await page.locator('.ant-select-dropdown .ant-select-item-option').nth(2).click();
      await expect.poll(() => params(page).get('pageSize')).toBe('50');
      expect(params(page).get('pageNo')).toBeNull();
      await expect.poll(() => rows(page).count()).toBe(32);
      await context.close();
    });

    it('asks for the first page while the screen is still downloading, once, and shows it (B6)', async () => {
      const asked: URL[] = [];
      let listAsked!: () => void;
      const listRequested = new Promise<void>((resolve) => (listAsked = resolve));
      const { page, context } = await fx.openAs('admin', {
        language: 'en-US',
        path: '/user',
        before: async (page) => {
          page.on('request', (req) => {
            const url = new URL(req.url());
            if (url.pathname !== '/api/users') return;
            asked.push(url);
            listAsked();
          });
          // The screen's code is held until the list has been asked for: that request cannot come from the screen.
          await page.route(/\/assets\/UsersPage-[^/]*\.js$/, async (route) => {
            await listRequested;
            await route.continue();
          });
        },
      });
      await listState(page, 'list-user');
      expect(await rows(page).count()).toBe(20);
      // the screen took the early answer rather than asking again
      expect(asked.map((u) => Object.fromEntries(u.searchParams))).toEqual([{ pageNo: '1', pageSize: '20' }]);
      // an address with a filter is left to the screen, which knows its filters
      await page.goto(`${fx.base}/user?username=bulk_1`);
      await listState(page, 'list-user');
      expect(asked.map((u) => u.searchParams.get('username'))).toEqual([null, 'bulk_1']);
      await context.close();
    });

    it('searches on Enter and with the button, and Reset clears the filters', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user' });
      await listState(page, 'list-user');
      const username = page.locator('[data-filter="username"]');
      await username.fill('bulk_1');
      await username.press('Enter');
      await expect.poll(() => params(page).get('username')).toBe('bulk_1');
      await expect.poll(() => rows(page).count()).toBe(10);
      expect(await firstColumn(page)).toEqual(
        expect.arrayContaining(['bulk_10', 'bulk_11', 'bulk_12', 'bulk_13', 'bulk_14', 'bulk_15']),
      );

      await username.fill('companyadmin');
      await page.getByTestId('search-button').click();
      await expect.poll(() => firstColumn(page)).toEqual(['companyadmin']);

      // a shared link shows the same view
      const shared = page.url();
      const other = await fx.openAs('admin', {
        language: 'en-US',
        path: new URL(shared).pathname + new URL(shared).search,
      });
      await listState(other.page, 'list-user');
      expect(await firstColumn(other.page)).toEqual(['companyadmin']);
      expect(await other.page.locator('[data-filter="username"]').inputValue()).toBe('companyadmin');
      await other.context.close();

      await page.getByTestId('reset-button').click();
      await expect.poll(() => params(page).get('username')).toBeNull();
      await expect.poll(() => rows(page).count()).toBe(20);
      expect(await username.inputValue()).toBe('');
      await context.close();
    });

    it('filters by an enum through a select with its labels', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user?userType=3' });
      await listState(page, 'list-user');
      expect(await firstColumn(page)).toEqual(['qaadmin']);
      expect(await page.getByTestId('search-form').innerText()).toContain('QA administrator');
      await context.close();
    });

    it('shows the empty state, and the error state with click-to-refresh', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user?username=nobody_here' });
      expect(await listState(page, 'list-user')).toBe('empty');
      await page.getByTestId('refresh-button').waitFor();

      await page.route('**/api/users?*', (route) => route.abort());
      await page.getByTestId('refresh-button').click();
      expect(await listState(page, 'list-user', ['error'])).toBe('error');
      await fx.shot(page, 'users-error-en-US');
      await page.unroute('**/api/users?*');
      await page.getByTestId('reset-button').click();
      await expect.poll(() => page.getByTestId('list-user').getAttribute('data-state')).toBe('finish');
      await context.close();
    });

    it('creates a user through the form with the server rules, then finds it again', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user' });
      await listState(page, 'list-user');
      await page.getByTestId('create-button').click();
      const form = page.getByTestId('form-user');
      await form.waitFor();
      await form.locator('#username').fill('new.engineer');
      await form.locator('#password').fill('Secr3tPass');
      await form.locator('#name').fill('New Engineer');
      await form.locator('#phone').fill('2345');
      await expect
        .poll(() => form.locator('.ant-form-item-explain-error').allInnerTexts())
        .toContain('Phone: must be 11 digits starting with 1');
      await form.locator('#phone').fill('13912345678');
      await chooseUserType(page, 'Company general user');
      await fx.shot(page, 'user-form-en-US');
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached', timeout: 20_000 }).catch(async (error: unknown) => {
        await fx.shot(page, 'user-form-did-not-close');
        throw error;
      });
      const username = page.locator('[data-filter="username"]');
      await username.fill('new.engineer');
      await username.press('Enter');
      await expect.poll(() => firstColumn(page)).toEqual(['new.engineer']);
      await context.close();
    });

    it('shows the server field error when the username is taken', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/user' });
      await listState(page, 'list-user');
      await page.getByTestId('create-button').click();
      const form = page.getByTestId('form-user');
      await form.locator('#username').fill('companyuser');
      await form.locator('#password').fill('Secr3tPass');
      await form.locator('#name').fill('Duplicate');
      await form.locator('#phone').fill('13912345679');
      await chooseUserType(page, 'General user');
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => form.locator('.ant-form-item-explain-error').allInnerTexts())
        .toEqual([expect.stringMatching(/Username.*already in use/)]);
      await context.close();
    });
  },
);
