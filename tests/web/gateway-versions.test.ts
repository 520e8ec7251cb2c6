import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { chooseFirst } from './support/forms.js';

const PROGRAM = Buffer.from('LCDTU firmware 2.4.1\n'.repeat(2_000));
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'gateway versions',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('publishes a version and keeps its program file only when the MD5 matches', async () => {
      const { page, context, errors } = await fx.openAs('superAdmin', { language: 'en-US', path: '/deviceGateway' });
      await page.getByRole('tab', { name: 'Gateway versions' }).click();
      await listState(page, 'list-gatewayVersion');

      await page.getByTestId('create-button').click();
      const form = page.getByTestId('form-gatewayVersion');
      await form.locator('#softwareName').fill('LCDTU');
      await form.locator('#versionId').fill('LCDTU-241');
      await form.locator('#version').fill('2.4.1');
      await form.locator('#md5').fill(md5(PROGRAM));
      await chooseFirst(page, form, 'status');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await form.waitFor({ state: 'detached' });

      const root = await fx.server.login('superAdmin');
      const version = (await root.entities.gatewayVersion.list({ softwareName: 'LCDTU' })).records[0]!;
      expect(version.md5).toBe(md5(PROGRAM));

      const upload = async (bytes: Buffer) => {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          page.getByTestId(`upload-${version.id}`).click(),
        ]);
        await chooser.setFiles({ name: 'lcdtu-2.4.1.bin', mimeType: 'application/octet-stream', buffer: bytes });
      };

      // one byte changed: refused with the MD5 the server computed, nothing kept
      const tampered = Buffer.from(PROGRAM);
      tampered[0] = tampered[0]! ^ 1;
      await upload(tampered);
      await page.locator('.ant-notification-notice', { hasText: md5(tampered) }).waitFor();
      await fx.shot(page, 'gateway-version-md5-mismatch-en-US');
      expect((await root.entities.gatewayVersion.get(version.id)).fileUrl ?? null).toBeNull();

      await upload(PROGRAM);
      await page.locator('.ant-message-success', { hasText: 'MD5 matches' }).waitFor();
      await expect
        .poll(async () => (await root.entities.gatewayVersion.get(version.id)).fileUrl)
        .toMatch(/^\/api\/files\/\d+$/);
      await page.getByRole('cell', { name: /\/api\/files\/\d+/ }).waitFor();
      const fileId = Number((await root.entities.gatewayVersion.get(version.id)).fileUrl?.split('/').pop());
      const stored = await root.files.download(fileId);
      expect(md5(Buffer.from(await stored.blob.arrayBuffer()))).toBe(md5(PROGRAM));

      // the refused upload is the only failed request
      expect(errors).toEqual([expect.stringMatching(/400/)]);
      await context.close();
    });

    it('shows versions read-only to a gateway user who is not the super admin', async () => {
      const { page, context } = await fx.openAs('admin', { language: 'en-US', path: '/deviceGateway' });
      // the operations page itself is the super admin's
      await page.getByTestId('no-permission').waitFor();
      await context.close();
    });
  },
);
