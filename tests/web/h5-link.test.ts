import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmedElevator, type AlarmedElevator } from '../support/alarmedElevator.js';
import {
  chromiumMissing,
  CONTEXT_DEFAULTS,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

const PHONE = { width: 390, height: 844 };

/** Nothing wider than the phone's screen: no sideways scrolling. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the mobile work order page through a signed link',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    let lift: AlarmedElevator | undefined;
    let orderId: number;
    beforeAll(async () => {
      fx = await startConsole();
      const admin = await fx.server.login('admin');
      lift = await alarmedElevator(fx.server, admin, '86188800001');
      await lift.alarm('h5-1');
      orderId = (await admin.entities.workOrder.list({ elevatorId: lift.elevatorId })).records[0]!.id;
    });
    afterAll(async () => {
      lift?.device.end(true);
      await fx?.close();
    });

    const phone = async (locale: string) => {
      // the zone of the API client that minted the link, so the times read alike
      const context = await fx.browser.newContext({
        ...CONTEXT_DEFAULTS,
        locale,
        timezoneId: 'Asia/Shanghai',
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
      });
      context.setDefaultTimeout(60_000);
      return { context, page: await context.newPage() };
    };

    it('opens on a phone without a login; a tampered or unsigned link shows only that it is invalid', async () => {
      const admin = await fx.server.login('admin');
      const link = await admin.workOrderLinks.create(orderId);

      const { context, page } = await phone('en-US');
      await page.goto(`${fx.base}${link.path}`);
      await page.getByTestId('public-work-order').waitFor();
      await expect.poll(() => page.getByTestId('public-elevator-name').innerText()).toBe('Harbour Tower A');
      const text = await page.getByTestId('public-work-order').innerText();
      expect(text).toContain('88 Harbour Road');
      expect(text).toContain('People trapped');
      expect(text).toContain('Ms Site Keeper');
      expect(text).toContain(`Link valid until ${link.expireTime}`);
      expect(await page.getByTestId('work-order-state').innerText()).toBe('Alarm reported');
      // a reader who is not signed in sees the phone masked (first 2 and last 4 characters), nothing to dial
      expect(await page.getByTestId('contact-phone').innerText()).toBe('13*****0001');
      expect(text).not.toContain('13900000001');
      expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
      expect(await overflowsSideways(page)).toBe(false);
      // no session was made or needed
      expect(await page.evaluate(() => localStorage.getItem('liftcloud.session'))).toBeNull();
      await fx.shot(page, 'h5-link-390x844-en-US');

      // the same page under its other address
      await page.goto(`${fx.base}${link.path.replace('/h5workOrder/', '/8NMuztq/')}`);
      await expect.poll(() => page.getByTestId('public-elevator-name').innerText()).toBe('Harbour Tower A');
      await context.close();

      const zh = await phone('zh-CN');
      const tampered = link.path.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
      await zh.page.goto(`${fx.base}${tampered}`);
      await zh.page.getByTestId('share-link-invalid').waitFor();
      const body = await zh.page.locator('body').innerText();
      expect(body).toContain('链接无效或已过期');
      expect(body).not.toContain('Harbour');
      expect(await zh.page.getByTestId('public-work-order').count()).toBe(0);
      await fx.shot(zh.page, 'h5-link-invalid-390x844-zh-CN');
      // the raw id alone shows nothing either
      await zh.page.goto(`${fx.base}/h5workOrder/${orderId}`);
      await zh.page.getByTestId('share-link-invalid').waitFor();
      expect(await zh.page.locator('body').innerText()).not.toContain('Harbour');
      await zh.context.close();
    });

    it('lets a reader of the order make the link from its page, to copy or scan', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: `/workOrder/${orderId}` });
      await expect.poll(() => page.getByTestId('work-order-state').innerText()).toBe('Alarm reported');
      await page.getByTestId('share-link-button').click();
      const url = page.getByTestId('share-link-url');
      await url.waitFor();
      expect(await url.innerText()).toMatch(
        new RegExp(`^${fx.base}/h5workOrder/${orderId}\\?sig=[A-Za-z0-9_-]{43}&exp=\\d+$`),
      );
      expect(await page.getByTestId('share-link').locator('canvas').count()).toBe(1);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fx.base });
      await url.locator('.ant-typography-copy').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await url.innerText());
      await fx.shot(page, 'h5-link-share-en-US');
      // the link the page shows opens the order in a browser that has never signed in
      const opened = await phone('en-US');
      await opened.page.goto(await url.innerText());
      await expect.poll(() => opened.page.getByTestId('public-elevator-name').innerText()).toBe('Harbour Tower A');
      await opened.context.close();
      await context.close();
    });
  },
);
