import { addDays, todayIn } from '@liftcloud/client';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../support/files.js';
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
  },
);
