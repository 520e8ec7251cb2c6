/** Screenshots of the console against a running server: npx tsx tests/web/support/shoot.ts http://127.0.0.1:PORT */
import { mkdirSync } from 'node:fs';
import { collectErrors, launchChromium, loginThroughUi, watchCaptchas } from './browser.js';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.env.SHOTS ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
for (const locale of ['zh-CN', 'en-US']) {
  const context = await browser.newContext({ locale, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const answers = watchCaptchas(page);
  await page.goto(`${base}/login`);
  await page.getByTestId('captcha-image').first().waitFor();
  await page.screenshot({ path: `${out}/login-${locale}.png` });
  await loginThroughUi(page, answers, 'admin', 'LiftDemo2026');
  await page.waitForURL(`${base}/`);
  await page.getByTestId('home').waitFor();
  await page.screenshot({ path: `${out}/home-${locale}.png` });
  await page.goto(`${base}/user`);
  await page.locator('[data-testid="list-user"][data-state="finish"]').waitFor();
  await page.screenshot({ path: `${out}/users-${locale}.png` });
  await page.goto(`${base}/role`);
  await page.locator('[data-testid="list-role"][data-state="finish"]').waitFor();
  await page
    .getByTestId('edit-1')
    .click()
    .catch(() => undefined);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/role-edit-${locale}.png` });
  console.log(locale, 'errors:', errors);
  await context.close();
}
await browser.close();
