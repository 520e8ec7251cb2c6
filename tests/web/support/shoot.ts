/** Screenshots of the console against a running server: npx tsx tests/web/support/shoot.ts http://127.0.0.1:PORT */
import { mkdirSync } from 'node:fs';
import { collectErrors, CONTEXT_DEFAULTS, launchChromium, loginThroughUi, settled, watchCaptchas } from './browser.js';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.env.SHOTS ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await launchChromium();
for (const locale of ['zh-CN', 'en-US']) {
  const context = await browser.newContext({ ...CONTEXT_DEFAULTS, locale });
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
  const edit = page.locator('[data-testid^="edit-"]').first();
  await edit.click();
  await page.getByTestId('form-role').waitFor();
  await settled(page);
  await page.screenshot({ path: `${out}/role-edit-${locale}.png`, animations: 'disabled' });
  console.log(locale, 'errors:', errors);
  await context.close();
}
await browser.close();
