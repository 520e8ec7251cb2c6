import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { watchCaptchas } from './support/browser.js';
import { chromiumMissing, startConsole, BROWSER_TEST_TIMEOUT, type ConsoleFixture } from './support/consoleFixture.js';

/** Pretend the server publishes some notice routes (their server side belongs to later issues). */
async function publishRoutes(page: Page, routes: Record<string, unknown>): Promise<void> {
  await page.route('**/api/openapi.json', async (route) => {
    const response = await route.fetch();
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of Object.keys(routes)) doc.paths[`/api/${path}`] = { get: {} };
    await route.fulfill({ response, json: doc });
  });
  for (const [path, data] of Object.entries(routes))
    await page.route(
      (url) => url.pathname === `/api/${path}`,
      (route) => route.fulfill({ json: { code: 200, message: 'ok', data } }),
    );
}

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'notices, live channel and errors',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('polls only the notice routes the server publishes, quietly', async () => {
      const published = await fx.server.fetch('openapi.json');
      const paths = Object.keys((published.body as { paths: Record<string, unknown> }).paths);
      const isPublished = (route: string) => paths.includes(`/api/${route}`);
      const noticeRoutes = ['workOrders/web', 'alarmRecords/notice', 'maintenanceOrder', 'yearChecks', 'contract'];
      const calls: string[] = [];
      const answered: string[] = [];
      const opened = await fx.openAs('admin', { language: 'en-US' });
      const route = (r: Request) => new URL(r.url()).pathname.replace(/^\/api\//, '');
      opened.page.on('request', (r) => calls.push(route(r)));
      opened.page.on('requestfinished', (r) => answered.push(route(r)));
      await opened.page.getByTestId('home').waitFor();
      // every poll starts after the same delay: once the published ones have their answers, the first round
      // is over (and comes again every 10 s, should this page have missed its start)
      const polled = noticeRoutes.filter(isPublished);
      expect(polled.length).toBeGreaterThan(0);
      await expect.poll(() => answered).toEqual(expect.arrayContaining(polled));
      for (const route of noticeRoutes) expect(calls.includes(route), route).toBe(isPublished(route));
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    });

    it('opens the live channel with the session token and says username-orgId', async () => {
      const hello: string[] = [];
      const opened = await fx.open('en-US');
      opened.page.on('websocket', (ws) => ws.on('framesent', (frame) => hello.push(String(frame.payload))));
      const admin = await fx.server.login('admin');
      const session = admin.session.get()!;
      await opened.page.goto(`${fx.base}/login`);
      await opened.page.evaluate((s) => localStorage.setItem('liftcloud.session', s), JSON.stringify(session));
      const socket = opened.page.waitForEvent('websocket');
      await opened.page.goto(`${fx.base}/`);
      expect(new URL((await socket).url()).searchParams.get('token')).toBe(session.token);
      await expect.poll(() => hello).toEqual([`admin-${session.orgId}`]);
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    });

    it('rings the alarm bell for new alarm records once the route exists', async () => {
      const opened = await fx.open('en-US');
      await publishRoutes(opened.page, {
        'alarmRecords/notice': [
          { id: 7, elevatorNo: 'E-7', elevatorName: 'Harbour Mall lift 2', alarmTime: '2026-01-02 03:04:05' },
        ],
      });
      const admin = await fx.server.login('admin');
      await opened.page.goto(`${fx.base}/login`);
      await opened.page.evaluate(
        (s) => localStorage.setItem('liftcloud.session', s),
        JSON.stringify(admin.session.get()),
      );
      await opened.page.goto(`${fx.base}/`);
      const notice = opened.page.locator('.ant-notification-notice', { hasText: 'Alarm bell' });
      await notice.waitFor();
      // each value after its label; the record's internal elevator id is not shown
      const text = await notice.innerText();
      expect(text).toContain('Elevator Harbour Mall lift 2');
      expect(text).toContain('Alarm time 2026-01-02 03:04:05');
      expect(text).not.toContain('E-7');
      await fx.shot(opened.page, 'alarm-bell-notice-en-US');
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    });

    it('shows at most ten expiring contracts at the bottom right', async () => {
      const opened = await fx.open('en-US');
      const contracts = Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        contractNo: `HT-${i + 1}`,
        useUnitName: 'Harbour Mall',
      }));
      await publishRoutes(opened.page, { contract: { records: contracts, total: 12, pages: 1 } });
      const admin = await fx.server.login('admin');
      await opened.page.goto(`${fx.base}/login`);
      await opened.page.evaluate(
        (s) => localStorage.setItem('liftcloud.session', s),
        JSON.stringify(admin.session.get()),
      );
      await opened.page.goto(`${fx.base}/`);
      const notice = opened.page.locator('.ant-notification-bottomRight .ant-notification-notice', {
        hasText: 'Contracts expiring',
      });
      await notice.waitFor();
      expect(await notice.locator('li').count()).toBe(11);
      expect(await notice.innerText()).toContain('and 2 more');
      await opened.context.close();
    });

    it('a user without index 302 never polls repair notices', async () => {
      const opened = await fx.open('en-US');
      let polled = false;
      let alarmBellAnswered = false;
      await publishRoutes(opened.page, { 'workOrders/web': [] });
      opened.page.on('request', (r) => {
        if (r.url().includes('/api/workOrders/web')) polled = true;
      });
      opened.page.on('requestfinished', (r) => {
        if (r.url().includes('/api/alarmRecords/notice')) alarmBellAnswered = true;
      });
      const client = await fx.server.login('general');
      await opened.page.goto(`${fx.base}/login`);
      await opened.page.evaluate(
        (s) => localStorage.setItem('liftcloud.session', s),
        JSON.stringify(client.session.get()),
      );
      await opened.page.goto(`${fx.base}/`);
      await opened.page.getByTestId('home').waitFor();
      // the user's role has the alarm bell (341): its poll starts after the same delay as the repair polls,
      // so once it has an answer, a repair poll would have been sent
      await expect.poll(() => alarmBellAnswered).toBe(true);
      expect(polled).toBe(false);
      await opened.context.close();
    });

    it('shows an uncaught error as a message', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US' });
      await page.getByTestId('home').waitFor();
      await page.evaluate(() => setTimeout(() => Promise.reject(new Error('boom in a handler')), 0));
      await page.locator('.ant-message').getByText('Unexpected error: boom in a handler').waitFor();
      await context.close();
    });

    it('logs in with an SMS code after the 60 s countdown starts', async () => {
      const { page, context } = await fx.open('en-US');
      const answers = watchCaptchas(page);
      await page.goto(`${fx.base}/login`);
      await page.getByText('SMS code', { exact: true }).click();
      await page.getByTestId('phone-input').fill('13800000007');
      const image = page.getByTestId('captcha-image');
      await image.waitFor();
      const key = (await image.getAttribute('data-captcha-key')) ?? '';
      await expect.poll(() => answers.has(key)).toBe(true);
      await page.getByTestId('captcha-input').fill(answers.get(key)!);
      // the send is answered: a refusal (a captcha replaced meanwhile, say) would name its reason here
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/auth\/sms/.test(r.url()));
      await page.getByTestId('send-sms-button').click();
      expect(await (await answered).text()).toMatch(/"code":200/);
      await expect.poll(() => page.getByTestId('send-sms-button').innerText()).toMatch(/^Resend in \d+ s$/);
      const left = Number(/(\d+)/.exec(await page.getByTestId('send-sms-button').innerText())![1]);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60);
      expect(await page.getByTestId('send-sms-button').isDisabled()).toBe(true);
      const admin = await fx.server.login('admin');
      const sent = await admin.entities.messageRecord.list({ target: '13800000007' });
      const code = /(\d{6})/.exec(sent.records[0]!.content)![1]!;
      await page.getByTestId('sms-code-input').fill(code);
      await page.getByTestId('sms-login-button').click();
      await page.getByTestId('home').waitFor();
      await context.close();
    });
  },
);
