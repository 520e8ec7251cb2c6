import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseFirst } from './support/forms.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'debug personnel in the console',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('creates a debug person with the five rules, refuses an empty contract number by its field, lists it', async () => {
      // the demo tenant's administrator: its user picker offers the tenant's own users
      const { page, errors } = await fx.openAs('admin', { language: 'en-US', path: '/debugPersonnel' });
      await listState(page, 'list-debugPersonnel');
      await page.getByTestId('create-button').click();
      const form = page.locator('.ant-modal:visible [data-testid="form-debugPersonnel"]');
      await form.waitFor();
      const save = page.locator('.ant-modal-footer:visible .ant-btn-primary');

      // nothing entered: the four required fields are named
      await save.click();
      for (const id of ['userId', 'debugLevel', 'passwordExpiry', 'contractNos'])
        await form
          .locator('.ant-form-item', { has: page.locator(`#${id}`) })
          .locator('.ant-form-item-explain-error')
          .waitFor();

      await chooseFirst(page, form, 'userId');
      await chooseFirst(page, form, 'debugLevel');
      await form.locator('#passwordExpiry').fill('2027-06-30');
      await form.locator('#passwordExpiry').press('Enter');
      // the fifth rule: comma separated, none empty
      await form.locator('#contractNos').fill('HT-2026-001,,HT-2026-002');
      await save.click();
      const contractError = form
        .locator('.ant-form-item', { has: page.locator('#contractNos') })
        .locator('.ant-form-item-explain-error');
      await expect.poll(() => contractError.innerText()).toContain('contract numbers separated by commas, none empty');
      await fx.shot(page, 'debug-personnel-refused');
      expect((await fx.server.store.db.selectFrom('debugPersonnel').select('id').execute()).length).toBe(0);

      await form.locator('#contractNos').fill('HT-2026-001, HT-2026-002');
      await save.click();
      await form.waitFor({ state: 'detached' });
      const row = page.getByTestId('list-debugPersonnel').locator('.ant-table-row', { hasText: 'HT-2026-001' });
      await row.waitFor();
      expect(await row.innerText()).toContain('2027-06-30');
      const stored = await fx.server.store.db.selectFrom('debugPersonnel').selectAll().executeTakeFirstOrThrow();
      expect(stored.contractNos).toBe('HT-2026-001, HT-2026-002');
      await fx.shot(page, 'debug-personnel-listed');
      expect(errors).toEqual([]);
    });
  },
);
