import { getMaintenanceOrderDetail, sendMaintenanceOrder, type MaintenanceOrderItem } from '@liftcloud/client';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4 } from '../support/files.js';
import { FAR, NEAR, maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import {
  BROWSER_TEST_TIMEOUT,
  CONTEXT_DEFAULTS,
  chromiumMissing,
  listState,
  startConsole,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { tilePng } from './support/tileServer.js';

const PHONE = { width: 390, height: 844 };
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Draw a stroke across a signature canvas, as a finger would. */
async function sign(page: Page, testId: string) {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  const box = (await page.getByTestId(testId).boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 15 : -15));
  await page.mouse.up();
  await expect.poll(() => page.getByTestId(testId).getAttribute('data-drawn')).toBe('yes');
}

const status = (page: Page) => page.getByTestId('maint-status').innerText();

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'a maintenance order in the field, on a phone',
  { timeout: BROWSER_TEST_TIMEOUT * 3 },
  () => {
    let fx: ConsoleFixture;
    let m: MaintenanceFixture;
    let orderId: number;
    beforeAll(async () => {
      fx = await startConsole();
      const admin = await fx.server.login('admin');
      m = await maintenanceFixture(fx.server, admin, 'web');
      const order = await admin.entities.maintenanceOrder.save({
        elevatorId: m.elevatorId,
        maintenanceTypeId: m.typeId,
        companyId: m.companyId,
        worker1Id: m.workerId,
        planDate: new Date().toISOString().slice(0, 10),
      });
      orderId = order.id;
      await admin.call(sendMaintenanceOrder, { params: { id: orderId } });
    });
    afterAll(async () => fx?.close());

    /** A phone logged in as `username`, its position where `at` says. */
    const phone = async (username: string, at: { latitude: number; longitude: number }, language = 'en-US') => {
      const context = await fx.browser.newContext({
        ...CONTEXT_DEFAULTS,
        locale: language,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        geolocation: at,
        permissions: ['geolocation'],
      });
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      const session = (await fx.server.login(username)).session.get();
      await page.goto(`${fx.base}/login`);
      await page.evaluate(
        ([s, lang]) => {
          localStorage.setItem('liftcloud.session', s);
          localStorage.setItem('liftcloud.language', JSON.stringify(lang));
        },
        [JSON.stringify(session), language] as const,
      );
      await page.goto(`${fx.base}/maintWorkOrder/${orderId}`);
      await page.getByTestId('maint-order').waitFor();
      return { context, page };
    };

    it('a worker accepts, signs in near the lift (refused far away), marks items with a photo, signs and completes', async () => {
      const { context, page } = await phone('companyuser', FAR);
      await expect.poll(() => status(page)).toBe('Sent');
      await page.getByTestId('action-accept').click();
      await expect.poll(() => status(page)).toBe('Accepted');

      await page.getByTestId('action-signIn').click();
      await page.getByTestId('maint-error').waitFor();
      expect(await page.getByTestId('maint-error').innerText()).toMatch(/sign in within 200 m/);
      await fx.shot(page, 'maint-signin-refused-390x844-en-US');
      await context.setGeolocation(NEAR);
      await page.getByTestId('action-signIn').click();
      await expect.poll(() => status(page)).toBe('Signed in');

      await page.getByTestId('item-0-condition').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Qualified$/ }).click();
      await page.getByTestId('item-0-text').fill('Brake lining worn to 3 mm');
      await page
        .getByTestId('item-0-photo')
        .setInputFiles({ name: 'brake.png', mimeType: 'image/png', buffer: tilePng(3, 1, 2) });
      await page
        .getByTestId('item-0-recording')
        .setInputFiles({ name: 'brake.mp4', mimeType: 'video/mp4', buffer: mp4() });
      await page.getByTestId('item-0-save').click();
      await expect
        .poll(() => page.getByTestId('item-0-state').innerText())
        .toMatch(/Qualified · Photo ×1 · Recording ×1/);
      await expect.poll(() => status(page)).toBe('In execution');
      await page.getByTestId('item-1-condition').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'No such item' }).click();
      await page.getByTestId('item-1-save').click();
      await expect.poll(() => page.getByTestId('item-1-state').innerText()).toMatch(/No such item/);

      await page.getByTestId('complete-card').waitFor();
      await sign(page, 'signature-worker');
      await fx.shot(page, 'maint-signature-390x844-en-US');
      // a photo picked on an item and not saved: completing is refused, naming the item, rather than dropping it
      await page
        .getByTestId('item-1-photo')
        .setInputFiles({ name: 'later.png', mimeType: 'image/png', buffer: tilePng(1, 1, 1) });
      await page.getByTestId('action-complete').click();
      await expect
        .poll(() => page.getByTestId('maint-error').innerText())
        .toBe('Save item 2 first: what was entered there is not saved yet');
      expect(await status(page)).toBe('In execution');
      await page.getByTestId('item-1-photo').setInputFiles([]);
      await page.getByTestId('action-complete').click();
      await expect.poll(() => status(page)).toBe('Completed');
      expect(await overflowsSideways(page)).toBe(false);
      await fx.shot(page, 'maint-completed-390x844-en-US');
      await context.close();

      const files = await (await fx.server.login('admin')).attachments.list('maintenanceOrder', orderId);
      expect(files.map((f) => f.name).sort()).toEqual(['brake.mp4', 'brake.png', 'worker-signature.png']);
    });

    it('the use unit evaluates, signs and confirms; /maintWork shows the order confirmed', async () => {
      // the demo has no use-unit account with index 322: the administrator confirms for the use unit
      const { context, page } = await phone('admin', NEAR);
      await expect.poll(() => status(page)).toBe('Completed');
      await page.getByTestId('evaluation').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Very satisfied' }).click();
      await sign(page, 'signature-use-unit');
      await page.getByTestId('action-confirm').click();
      await expect.poll(() => status(page)).toBe('Confirmed');
      const timeline = await page.getByTestId('maint-timeline').innerText();
      // each step by its label in the reader's language, never the action's key (signIn, record…)
      for (const step of [
        'Created',
        'Sent',
        'Accepted',
        'Signed in at the lift',
        'Item recorded',
        'Maintenance completed',
        'Confirmed',
      ])
        expect(timeline).toContain(step);
      expect(timeline).not.toMatch(/\b(signIn|record|complete)\b/);
      await fx.shot(page, 'maint-confirmed-390x844-en-US');
      await context.close();

      // a supervisor reading the finished order sees its evidence: the item's photo, its recording, both signatures
      const reader = await fx.openAs('admin', {
        locale: 'en-US',
        language: 'en-US',
        path: `/maintWorkOrder/${orderId}`,
      });
      const shown = reader.page;
      await shown.getByTestId('maint-order').waitFor();
      await expect.poll(() => status(shown)).toBe('Confirmed');
      const image = (testId: string) => shown.locator(`[data-testid="${testId}"][data-state="shown"] img`);
      for (const testId of ['item-0-photo-0', 'signature-worker-shown', 'signature-use-unit-shown']) {
        await image(testId).waitFor();
        await image(testId).scrollIntoViewIfNeeded();
        await expect
          .poll(() => image(testId).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
            message: `${testId} loaded`,
          })
          .toBeGreaterThan(0);
        expect(await image(testId).isVisible()).toBe(true);
      }
      // the images come from the authenticated download as object URLs, never a bare /api/files address
      expect(await image('item-0-photo-0').getAttribute('src')).toMatch(/^blob:/);
      expect(await image('signature-worker-shown').getAttribute('alt')).toBe("Worker's signature");
      await shown.getByTestId('item-0-recording-0').locator('audio').waitFor({ state: 'attached' });
      expect(await shown.getByTestId('item-0-recording-0').locator('audio').getAttribute('src')).toMatch(/^blob:/);
      expect(await shown.getByTestId('item-1-photos').count()).toBe(0);
      expect(await shown.getByTestId('item-0-text-shown').innerText()).toBe('Text: Brake lining worn to 3 mm');
      await shown.getByTestId('item-0').evaluate((card) => card.scrollIntoView({ block: 'start' }));
      await fx.shot(shown, 'maint-evidence-item-en-US');
      await shown.getByTestId('maint-signatures').scrollIntoViewIfNeeded();
      await fx.shot(shown, 'maint-evidence-en-US');
      // the thumbnail opens full size
      await shown.getByTestId('item-0-photo-0').click();
      await shown.locator('.ant-image-preview-img').waitFor();
      await fx.shot(shown, 'maint-evidence-preview-en-US');
      expect(reader.errors).toEqual([]);
      await reader.context.close();

      // a file the reader may not have (403), one gone (404): nothing shown for them and no error raised; any other
      // failure (a 500) says the file is not available rather than hiding it
      const { order } = await (
        await fx.server.login('admin')
      ).call(getMaintenanceOrderDetail, { params: { id: orderId } });
      const [item] = (order as { items: MaintenanceOrderItem[] }).items;
      const answers = new Map([
        [item!.photoFileIds![0]!, 403],
        [Number(order.workerSignatureFileId), 404],
        [item!.recordingFileIds![0]!, 500],
      ]);
      const held = await fx.openAs('admin', { locale: 'en-US', language: 'en-US', path: '/login' });
      await held.page.route(/\/api\/files\/\d+$/, (route) => {
        const code = answers.get(Number(/(\d+)$/.exec(route.request().url())![1]));
        if (!code) return route.continue();
        return route.fulfill({
          status: code,
          contentType: 'application/json',
          body: JSON.stringify({ code, message: `refused ${code}`, data: null }),
        });
      });
      await held.page.goto(`${fx.base}/maintWorkOrder/${orderId}`);
      await held.page.locator('[data-testid="signature-use-unit-shown"][data-state="shown"] img').waitFor();
      await held.page.getByTestId('item-0-recording-0').waitFor();
      expect(await held.page.getByTestId('item-0-recording-0').innerText()).toBe('Not available');
      expect(await held.page.getByTestId('item-0-photo-0').count()).toBe(0);
      expect(await held.page.getByTestId('signature-worker-shown').count()).toBe(0);
      expect(await held.page.getByTestId('maint-signatures').innerText()).not.toContain("Worker's signature");
      expect(await held.page.locator('.ant-message-error, .ant-notification-notice').count()).toBe(0);
      await held.page.getByTestId('maint-signatures').scrollIntoViewIfNeeded();
      await fx.shot(held.page, 'maint-evidence-refused-en-US');
      // only the browser's own lines for the three refused downloads, nothing the page threw
      expect(held.errors.filter((e) => !/status of (403|404|500)/.test(e))).toEqual([]);
      await held.context.close();

      // the field page in the other two languages
      for (const [language, confirmed, timelineTitle, signaturesTitle] of [
        ['zh-CN', '已确认', '工单流程', '签名'],
        ['it-Italy', 'Confermato', 'Cronologia', 'Firme'],
      ] as const) {
        const other = await phone('companyuser', NEAR, language);
        await expect.poll(() => status(other.page)).toBe(confirmed);
        expect(await other.page.getByTestId('maint-timeline').innerText()).toContain(timelineTitle);
        expect(await overflowsSideways(other.page)).toBe(false);
        await fx.shot(other.page, `maint-confirmed-390x844-${language}`);
        // the evidence on the phone, its captions in the reader's language
        const signatures = other.page.getByTestId('maint-signatures');
        await other.page.locator('[data-testid="signature-use-unit-shown"][data-state="shown"] img').waitFor();
        await signatures.scrollIntoViewIfNeeded();
        expect(await signatures.innerText()).toContain(signaturesTitle);
        expect(await overflowsSideways(other.page)).toBe(false);
        await fx.shot(other.page, `maint-evidence-390x844-${language}`);
        await other.context.close();
      }

      // beside it an order nobody has accepted yet, which may still be edited and deleted
      const fresh = await (
        await fx.server.login('admin')
      ).entities.maintenanceOrder.save({
        elevatorId: m.elevatorId,
        maintenanceTypeId: m.typeId,
        companyId: m.companyId,
        worker1Id: m.workerId,
        planDate: new Date().toISOString().slice(0, 10),
      });
      const desk = await fx.openAs('admin', { locale: 'en-US', language: 'en-US', path: '/maintWork' });
      expect(await listState(desk.page, 'maint-orders')).toBe('finish');
      const row = desk.page.locator('tr', { has: desk.page.getByTestId(`maint-order-${orderId}`) });
      await expect.poll(() => row.innerText()).toContain('Confirmed');
      expect(await row.innerText()).toContain('Normal');
      // a confirmed order is the lift's record: no edit or delete on its row
      expect(await desk.page.getByTestId(`edit-${orderId}`).count()).toBe(0);
      expect(await desk.page.getByTestId(`delete-${orderId}`).count()).toBe(0);
      expect(await desk.page.getByTestId(`edit-${fresh.id}`).count()).toBe(1);
      expect(await desk.page.getByTestId(`delete-${fresh.id}`).count()).toBe(1);
      await fx.shot(desk.page, 'maint-work-list-en-US');
      await desk.page.goto(`${fx.base}/maintenanceSetting`);
      await desk.page.locator('.ant-tabs-tab', { hasText: 'Maintenance types' }).waitFor();
      expect(await desk.page.locator('.ant-tabs-tab').allInnerTexts()).toEqual([
        'Maintenance types',
        'Maintenance plans',
        'Settings',
        'Spot checks',
      ]);
      await fx.shot(desk.page, 'maint-settings-en-US');
      expect(desk.errors).toEqual([]);
      await desk.context.close();
    });

    it('/maintWork’s old-style orders, in Chinese: one confirmed with an evaluation, one invalidated with a reason', async () => {
      const admin = await fx.server.login('admin');
      const entered = (orderNo: string) =>
        admin.entities.oldMaintenanceOrder.save({
          orderNo,
          elevatorId: m.elevatorId,
          companyId: m.companyId,
          worker1Id: m.workerId,
          maintenanceDate: '2026-03-01',
          content: '制动器、门系统检查',
        });
      const kept = await entered('OM-WEB-1');
      const dropped = await entered('OM-WEB-2');
      const { page, context, errors } = await fx.openAs('admin', { language: 'zh-CN', path: '/maintWork' });
      await page.locator('.ant-tabs-tab', { hasText: '旧版工单' }).click();
      expect(await listState(page, 'old-maint-orders')).toBe('finish');
      const row = (id: number) => page.locator('tr', { has: page.getByTestId(`old-confirm-${id}`) });
      await expect.poll(() => row(kept.id).innerText()).toContain('待确认');

      await page.getByTestId(`old-confirm-${kept.id}`).click();
      const confirm = page.getByTestId('form-old-confirm');
      await confirm.getByTestId('old-evaluation').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '非常满意' }).click();
      await confirm.locator('#advice').fill('准时');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      const keptRow = page.locator('tr', { hasText: 'OM-WEB-1' });
      await expect.poll(() => keptRow.innerText()).toContain('已确认');
      expect(await keptRow.innerText()).toContain('非常满意');
      // confirmed is final: no more moves, no edit or delete on its row
      expect(await page.getByTestId(`old-confirm-${kept.id}`).count()).toBe(0);
      expect(await page.getByTestId(`edit-${kept.id}`).count()).toBe(0);
      expect(await page.getByTestId(`delete-${kept.id}`).count()).toBe(0);
      expect(await page.getByTestId(`delete-${dropped.id}`).count()).toBe(1);

      await page.getByTestId(`old-invalidate-${dropped.id}`).click();
      const invalidate = page.getByTestId('form-old-invalidate');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await expect.poll(() => invalidate.locator('.ant-form-item-explain-error').innerText()).toContain('作废原因');
      await invalidate.locator('#invalidReason').fill('重复录入');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await expect.poll(() => page.locator('tr', { hasText: 'OM-WEB-2' }).innerText()).toContain('已作废');
      expect(await admin.entities.oldMaintenanceOrder.get(kept.id)).toMatchObject({ status: 2, evaluation: 4 });
      expect(await admin.entities.oldMaintenanceOrder.get(dropped.id)).toMatchObject({
        status: 3,
        invalidReason: '重复录入',
      });
      await fx.shot(page, 'old-maint-orders-zh-CN');
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
