/** Where the time to first rows goes: npx tsx tests/web/support/timeline.ts http://127.0.0.1:PORT */
import { launchChromium } from './browser.js';
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';

const base = process.argv[2]!;
const session = new MemorySessionStore();
const client = new LiftCloudClient({ baseUrl: `${base}/api`, session });
const captcha = (await client.auth.captcha()) as { key: string; answer?: string };
await client.auth.login({
  username: 'admin',
  password: 'LiftDemo2026',
  captchaKey: captcha.key,
  captchaCode: captcha.answer ?? '',
});
const browser = await launchChromium();
const context = await browser.newContext({ locale: 'en-US' });
await context.addInitScript((s) => localStorage.setItem('liftcloud.session', s), JSON.stringify(session.get()));
const page = await context.newPage();
for (const round of ['cold', 'warm']) {
  const t0 = Date.now();
  const log: string[] = [];
  const onReq = (r: { url(): string }) =>
    log.push(`${String(Date.now() - t0).padStart(5)} > ${r.url().replace(base, '')}`);
  const onRes = (r: { url(): string }) =>
    log.push(`${String(Date.now() - t0).padStart(5)} < ${r.url().replace(base, '')}`);
  page.on('request', onReq);
  page.on('response', onRes);
  await page.goto(`${base}/user`);
  await page.locator('[data-testid="list-user"] .ant-table-tbody tr.ant-table-row').first().waitFor();
  log.push(`${String(Date.now() - t0).padStart(5)} rows`);
  page.off('request', onReq);
  page.off('response', onRes);
  console.log(`== ${round}\n${log.filter((l) => !l.includes('/assets/') || l.includes('>')).join('\n')}`);
}
await browser.close();
