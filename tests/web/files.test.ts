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

/** A 1x1 PNG a browser decodes. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'files in the console',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('shows the branding image on /login to a visitor without a session', async () => {
      const root = await fx.server.login('superAdmin');
      const logo = await root.files.upload('uiSettingImage', new Blob([new Uint8Array(TINY_PNG)]), {
        fileName: 'logo.png',
      });
      // the demo's branding for this host gets a logo
      const host = new URL(fx.base).hostname;
      const setting = (await root.entities.uiSetting.list({ host })).records.find((r) => r.host === host)!;
      await root.entities.uiSetting.save({ id: setting.id, revision: setting.revision, logoSmall: logo.url });
      const { page, context, errors } = await fx.open('en-US');
      await page.goto(`${fx.base}/login`);
      const image = page.locator(`img[src="${logo.url}"]`);
      await image.waitFor();
      // loaded and decoded: the public route answered with the image itself
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('lists, uploads, downloads and deletes an elevator’s attachments', async () => {
      const admin = await fx.server.login('admin');
      const lift = await admin.entities.elevator.save({
        name: 'Papers lift',
        factoryNo: 'PAPERS-1',
        elevatorType: 1,
        useStatus: 1,
      });
      const report = sample.pdf(4096);
      await admin.attachments.upload('elevator', lift.id, new Blob([new Uint8Array(report)]), {
        fileName: 'inspection 2026.pdf',
      });

      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/elevator?name=Papers%20lift' });
      await listState(page, 'list-elevator');
      await page.getByTestId(`floors-${lift.id}`).click();
      await page.getByRole('tab', { name: 'Attachments' }).click();
      const panel = page.getByTestId('attachments-elevator');
      await panel.getByRole('cell', { name: 'inspection 2026.pdf' }).waitFor();
      await panel.getByRole('cell', { name: 'Demo Administrator' }).waitFor();
      expect(await panel.getByTestId('attachment-limits').innerText()).toBe(
        'jpg, png, bmp, jpeg, pdf, xlsx, xls, docx, doc; at most 10 MB each',
      );

      // a type the elevator does not take is refused before anything is sent
      const input = panel.locator('input[type=file]');
      await input.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: sample.mp4() });
      await page
        .locator('.ant-message')
        .getByText('Only jpg, png, bmp, jpeg, pdf, xlsx, xls, docx, doc files')
        .waitFor();

      // a file named like an image but holding text passes the name check and is refused by the server, once
      await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not an image\n') });
      const refused = page.locator('.ant-notification-notice', { hasText: 'Only jpg, png, bmp, jpeg, pdf' });
      await refused.first().waitFor();
      expect(await refused.count()).toBe(1);
      expect(await admin.attachments.list('elevator', lift.id)).toHaveLength(1);

      // a spreadsheet goes up and appears in the list
      const sheet = sample.xlsx(2048);
      await input.setInputFiles({
        name: 'parts.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: sheet,
      });
      await panel.getByRole('cell', { name: 'parts.xlsx' }).waitFor();
      const listed = await admin.attachments.list('elevator', lift.id);
      expect(listed.map((f) => f.name)).toEqual(['parts.xlsx', 'inspection 2026.pdf']);
      await fx.shot(page, 'elevator-attachments-en-US');

      // the download carries the session and saves the same bytes under the file's name
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByTestId(`attachment-download-${listed[1]!.id}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe('inspection 2026.pdf');
      expect(sample.sha256(await readFile(await download.path()))).toBe(sample.sha256(report));

      await panel.getByTestId(`attachment-delete-${listed[0]!.id}`).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => panel.getByRole('cell', { name: 'parts.xlsx' }).count()).toBe(0);
      expect((await admin.attachments.list('elevator', lift.id)).map((f) => f.name)).toEqual(['inspection 2026.pdf']);
      await context.close();
    });
  },
);
