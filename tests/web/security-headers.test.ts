import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TEST_TIMEOUT, chromiumMissing, startConsole, type ConsoleFixture } from './support/consoleFixture.js';

/** Every content-security-policy violation the page reports, as "directive blocked-uri", and the console's word on it. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) logged.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...logged,
    ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
  ];
}

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the console and the API reference under the content security policy',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('loads the login page, home, the GIS map and /api/docs with the policy on and no violation', async () => {
      const { page, context } = await fx.open('en-US');
      const violations = await watchViolations(page);
      const res = await page.goto(`${fx.base}/login`);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByTestId('captcha-image').first().waitFor();
      expect(await violations()).toEqual([]);

      const session = (await fx.server.login('admin')).session.get();
      // the GIS map is a page of the Chinese console
      await page.evaluate((s) => {
        localStorage.setItem('liftcloud.session', s);
        localStorage.setItem('liftcloud.language', JSON.stringify('zh-CN'));
      }, JSON.stringify(session));
      await page.goto(`${fx.base}/`);
      await page.getByTestId('home').waitFor();
      expect(await violations()).toEqual([]);
      await page.goto(`${fx.base}/elevatorMonitor/gisMap`);
      // the land outline, a JSON file fetched from this server, is drawn
      await expect
        .poll(
          async () => (await page.locator('[data-testid="gis-map-svg"] path').first().getAttribute('d'))?.length ?? 0,
        )
        .toBeGreaterThan(10_000);
      expect(await violations()).toEqual([]);

      const docs = await page.goto(`${fx.base}/api/docs`);
      expect(docs?.headers()['content-security-policy']).toContain("default-src 'self'");
      // swagger-ui has read the document and drawn its operations
      await page.locator('.opblock').first().waitFor();
      expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
      expect(await violations()).toEqual([]);
      await context.close();
    });
  },
);
