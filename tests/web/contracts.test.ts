import { addDays, todayIn } from '@liftcloud/client';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../support/files.js';
import { chooseFirst } from './support/forms.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'contracts in the console',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('adds a contract, attaches and downloads its appendix, and voids it for good', async () => {
      const admin = await fx.server.login('admin');
      const today = todayIn('Asia/Shanghai');
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/contract' });
      await listState(page, 'list-contract');

      // add through the form the definition builds
      await page.getByTestId('create-button').click();
      const form = page.locator('.ant-modal:visible [data-testid="form-contract"]');
      await form.waitFor();
      await form.locator('#contractNo').fill('HT-WEB-1');
      await form.locator('#siteName').fill('Harbour Mall tower 2');
      for (const [id, value] of [
        ['startDate', addDays(today, -100)],
        ['endDate', addDays(today, 20)],
      ] as const) {
        await form.locator(`#${id}`).click();
        await form.locator(`#${id}`).fill(value);
        await form.locator(`#${id}`).press('Enter');
      }
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
      const stored = (await admin.entities.contract.list({ contractNo: 'HT-WEB-1' })).records[0]!;
      expect(stored).toMatchObject({ siteName: 'Harbour Mall tower 2', endDate: addDays(today, 20), isOverdue: 2 });
      const row = page.locator('.ant-table-row', { hasText: 'HT-WEB-1' });
      await row.getByText('Expiring').waitFor();

      // the appendix: a .docx goes up through the drawer and comes back with the same bytes
      await page.getByTestId(`contract-files-${stored.id}`).click();
      const panel = page.getByTestId('attachments-contract');
      expect(await panel.getByTestId('attachment-limits').innerText()).toBe(
        'jpg, png, bmp, jpeg, xlsx, xls, docx, doc; at most 10 MB each',
      );
      const terms = sample.docx(4096);
      await panel.locator('input[type=file]').setInputFiles({
        name: 'terms.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: terms,
      });
      await panel.getByRole('cell', { name: 'terms.docx' }).waitFor();
      await panel.getByRole('cell', { name: 'Demo Administrator' }).waitFor();
      const [file] = await admin.attachments.list('contract', stored.id);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByTestId(`attachment-download-${file!.id}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe('terms.docx');
      expect(sample.sha256(await readFile(await download.path()))).toBe(sample.sha256(terms));
      await fx.shot(page, 'contract-attachments-en-US');
      await page.locator('.ant-drawer-close').click();
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

      // void: a reason is needed, then the row shows it voided, with neither edit nor void left
      await page.getByTestId(`void-${stored.id}`).click();
      await expect.poll(() => page.getByTestId('void-ok').isDisabled()).toBe(true);
      await page.getByTestId('void-reason').fill('Customer moved to another company');
      await page.getByTestId('void-ok').click();
      await row.getByText('Voided').waitFor();
      await expect.poll(() => page.getByTestId(`void-${stored.id}`).count()).toBe(0);
      expect(await page.getByTestId(`edit-${stored.id}`).count()).toBe(0);
      expect(await admin.entities.contract.get(stored.id)).toMatchObject({
        state: 2,
        voidReason: 'Customer moved to another company',
        isOverdue: null,
      });
      await fx.shot(page, 'contract-voided-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });
    it('shows the contract expiry and inspection notices at the bottom right from the real routes', async () => {
      const admin = await fx.server.login('admin');
      const today = todayIn('Asia/Shanghai');
      await admin.entities.contract.save({
        contractNo: 'HT-NOTICE-1',
        siteName: 'Notice site',
        startDate: addDays(today, -300),
        endDate: addDays(today, 9),
      });
      const lift = await admin.entities.elevator.save({
        name: 'Inspection due lift',
        factoryNo: 'NOTICE-1',
        elevatorType: 1,
        useStatus: 1,
      });
      await admin.entities.inspection.save({
        checkNo: 'NJ-NOTICE-1',
        elevatorId: lift.id,
        checkDate: addDays(today, -365 + 3),
        result: 1,
      });
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/' });
      const corner = page.locator('.ant-notification-bottomRight .ant-notification-notice');
      const contracts = corner.filter({ hasText: 'Contracts expiring' });
      const inspections = corner.filter({ hasText: 'Annual inspections due' });
      // the context's wait, as the other notice tests: on a loaded machine the console's first load alone can take
      // longer than 10 s, and a notice stays 15 s once shown
      await contracts.waitFor();
      await inspections.waitFor();
      expect(await contracts.innerText()).toContain('Contract no. HT-NOTICE-1');
      expect(await inspections.innerText()).toContain('Inspection due lift');
      await fx.shot(page, 'upkeep-notices-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('opens a modernisation scheme from its link without a login, and refuses a wrong key', async () => {
      const admin = await fx.server.login('admin');
      const order = await admin.entities.modSalesOrder.save({
        salesOrderNo: 'GZ-WEB-1',
        customerName: 'Harbour Mall Co.',
        schemeTitle: 'Door operator upgrade',
        schemeItems: 'Door operator\nLanding door rollers',
        totalPrice: 52000,
        status: 2,
      });
      const { page, context, errors } = await fx.open('zh-CN');
      await page.goto(`${fx.base}/scheme/GZ-WEB-1?k=${order.schemeKey!}`);
      const card = page.getByTestId('public-scheme');
      await card.getByText('Landing door rollers').waitFor();
      expect(await card.innerText()).toContain('Door operator upgrade');
      expect(await card.innerText()).toContain('已报价');
      // the price as Chinese writes money, not the bare number
      expect(await card.innerText()).toContain('¥52,000.00');
      await fx.shot(page, 'public-scheme-zh-CN');
      expect(errors).toEqual([]);
      // the wrong key's 404 is the only thing the browser reports
      await page.goto(`${fx.base}/scheme/GZ-WEB-1?k=wrong-key-wrong-key-wrong`);
      await page.getByTestId('share-link-invalid').waitFor();
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
      await context.close();
    });

    it('a phone-call repair order raised in the console is worked to confirmed, its alarm flow shown on its page', async () => {
      const admin = await fx.server.login('admin');
      await admin.entities.elevator.save({ name: 'Phoned lift', factoryNo: 'PH-WEB-1', elevatorType: 1, useStatus: 1 });
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/workOrder' });
      await listState(page, 'list-workOrder');
      await page.getByTestId('raise-order').click();
      const form = page.locator('.ant-modal:visible');
      await form.locator('form').waitFor();
      await chooseFirst(page, form, 'elevatorId');
      // "people trapped" turns "people inside" on; the caller then corrects the type and turns it off again
      const peopleInside = form.locator('#hasPeople');
      expect(await peopleInside.getAttribute('aria-checked')).toBe('false');
      await form
        .locator('.ant-form-item', { has: page.locator('#type') })
        .locator('.ant-select')
        .click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'People trapped' }).click();
      await expect.poll(() => peopleInside.getAttribute('aria-checked')).toBe('true');
      await chooseFirst(page, form, 'type');
      await peopleInside.click();
      await expect.poll(() => peopleInside.getAttribute('aria-checked')).toBe('false');
      await form.locator('#contactPerson').fill('Wang Fang');
      await form.locator('#contactTel').fill('13700000009');
      await form.locator('#alarmPersonPhone').fill('13700000010');
      await form.locator('#propertyName').fill('Green Park Property');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.waitForURL(/\/workOrder\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const state = page.getByTestId('work-order-state');
      const raised = (flag: string) => page.getByTestId(`flag-${flag}`).getAttribute('data-raised');
      await expect.poll(() => state.innerText()).toBe('Alarm reported');
      // what the caller said is on the order's page, beside how and by whom it was raised
      const summary = page.getByTestId('work-order-detail').locator('.ant-descriptions');
      const row = (label: string) =>
        summary
          .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::td[1]');
      expect(await row('Repair method').innerText()).toBe('Phone call repair');
      expect(await row('Launcher').innerText()).toBe('Demo Administrator');
      expect(await row('Contact person').innerText()).toBe('Wang Fang');
      expect(await row('Contact phone').innerText()).toBe('13700000009');
      expect(await row('Alarm person phone').innerText()).toBe('13700000010');
      expect(await row('People inside').innerText()).toBe('No');
      expect(await row('Property').innerText()).toBe('Green Park Property');
      expect(await row('Confirmed by').innerText()).toBe('-');
      expect(await raised('reported')).toBe('yes');
      expect(await raised('answered')).toBe('no');
      await page.getByTestId('action-receive').click();
      await expect.poll(() => state.innerText()).toBe('Received');
      await expect.poll(() => raised('answered')).toBe('yes');
      await page.getByTestId('action-arrive').click();
      await expect.poll(() => state.innerText()).toBe('On site');
      await page.getByTestId('action-finish').click();
      await page.getByTestId('form-finish').locator('#handling').fill('Released the passenger, reset the door');
      await page.getByTestId('form-finish').locator('#faultReason').fill('Door lock contact');
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => state.innerText()).toBe('Completed');
      await page.getByTestId('action-confirm').click();
      await expect.poll(() => state.innerText()).toBe('Confirmed');
      await expect.poll(() => raised('confirmed')).toBe('yes');
      await expect.poll(() => row('Confirmed by').innerText()).toBe('admin');
      for (const flag of ['reported', 'answered', 'arrived', 'finished']) expect(await raised(flag), flag).toBe('yes');
      for (const flag of ['recovered', 'autoConfirmed', 'cancelled']) expect(await raised(flag), flag).toBe('no');
      expect(await page.getByTestId('work-order-flags').innerText()).toContain('Alarm flow');
      expect(await admin.entities.workOrder.get(id)).toMatchObject({
        repairMethod: 3,
        contactPerson: 'Wang Fang',
        recordState: 6,
        confirmPeople: 'admin',
        arrived: true,
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      await fx.shot(page, 'raised-order-confirmed-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('an order a no-pass raised links back to its annual inspection', async () => {
      const admin = await fx.server.login('admin');
      const lift = await admin.entities.elevator.save({
        name: 'Failed inspection lift',
        factoryNo: 'NJ-WEB-FAIL',
        elevatorType: 1,
        useStatus: 1,
      });
      const failed = await admin.entities.inspection.save({
        checkNo: 'NJ-WEB-FAIL-1',
        elevatorId: lift.id,
        checkDate: todayIn('Asia/Shanghai'),
        result: 2,
      });
      const { page, context, errors } = await fx.openAs('admin', {
        language: 'en-US',
        path: `/workOrder/${String(failed.workOrderId)}`,
      });
      const back = page.getByTestId('work-order-inspection');
      await expect.poll(() => back.innerText()).toBe('NJ-WEB-FAIL-1');
      const method = page
        .getByTestId('work-order-detail')
        .locator('.ant-descriptions-item-label', { hasText: /^Repair method$/ })
        .locator('xpath=following-sibling::td[1]');
      expect(await method.innerText()).toBe('Generated by annual inspection');
      await back.click();
      await page.waitForURL(/\/yearCheck\?checkNo=NJ-WEB-FAIL-1/);
      expect(await listState(page, 'list-inspection')).toBe('finish');
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      expect(await page.locator('.ant-table-row').first().innerText()).toContain('NJ-WEB-FAIL-1');
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
