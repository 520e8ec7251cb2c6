import type { LiftCloudClient } from '@liftcloud/client';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_TEST_TIMEOUT,
  chromiumMissing,
  listState,
  startConsole,
  type ConsoleFixture,
} from './support/consoleFixture.js';

/** More use units than the old pickers loaded (the first 200): the oldest is beyond that page. */
const UNITS = 230;
const unitName = (i: number) => `Far unit ${String(i).padStart(3, '0')}`;
const FAR = unitName(1);

const TEXTS = {
  'zh-CN': { placeholder: '按名称搜索', noMatch: '无匹配项', more: /还有\d+条：输入以缩小范围/ },
  'en-US': { placeholder: 'Search by name', noMatch: 'No match', more: /\d+ more: type to narrow/ },
  'it-Italy': {
    placeholder: 'Cerca per nome',
    noMatch: 'Nessuna corrispondenza',
    more: /Altri \d+: digita per restringere/,
  },
} as const;

/** The form item of a field, and its picker. */
const itemOf = (page: Page, form: Locator, id: string) =>
  form.locator('.ant-form-item', { has: page.locator(`#${id}`) });

async function typeInPicker(page: Page, form: Locator, id: string, text: string): Promise<void> {
  await itemOf(page, form, id).locator('.ant-select').click();
  await form.locator(`#${id}`).fill(text);
}

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'option pickers search the server as the user types',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    let admin: LiftCloudClient;
    let farId: number;

    beforeAll(async () => {
      fx = await startConsole();
      admin = await fx.server.login('admin');
      const now = Date.now();
      await fx.server.store.db
        .insertInto('useUnits')
        .values(
          Array.from({ length: UNITS }, (_, i) => ({
            tenantId: fx.server.demo.tenants.demo,
            orgId: fx.server.demo.companies.demoRoot,
            name: unitName(i + 1),
            region: 'Far region',
            longitude: 120,
            latitude: 30,
            owner: 'Far owner',
            createTime: now,
            updateTime: now,
          })),
        )
        .execute();
      const far = await admin.entities.useUnit.list({ name: FAR });
      expect(far.records.map((u) => u.name)).toEqual([FAR]);
      farId = far.records[0]!.id;
      // the premise: the first 200 use units (what a picker used to load) do not hold it
      const first = await admin.entities.useUnit.list({ pageSize: 200 });
      expect(first.total).toBeGreaterThan(200);
      expect(first.records.some((u) => u.id === farId)).toBe(false);
    });
    afterAll(async () => fx?.close());

    it('finds by typing a record beyond the first 200, saves its id, and keeps it through another save', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/electricityMeter' });
      await listState(page, 'list-meterGateway');
      await page.getByTestId('create-button').click();
      const form = page.locator('.ant-modal:visible [data-testid="form-meterGateway"]');
      await form.locator('#code').fill('MG-PICK-1');
      await form.locator('#name').fill('Picked meter');
      await typeInPicker(page, form, 'useUnitId', FAR);
      const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${FAR}"]`);
      await option.click();
      await expect.poll(() => itemOf(page, form, 'useUnitId').innerText()).toContain(FAR);
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await admin.entities.meterGateway.list({ code: 'MG-PICK-1' })).records[0]?.useUnitId)
        .toBe(farId);
      const saved = (await admin.entities.meterGateway.list({ code: 'MG-PICK-1' })).records[0]!;

      // the list shows the unit's name, read by its id
      const row = page.getByTestId('list-meterGateway').locator('.ant-table-row', { hasText: 'MG-PICK-1' });
      await expect.poll(() => row.innerText()).toContain(FAR);

      // the edit form shows the chosen unit by name; saving another field keeps it
      await page.getByTestId(`edit-${saved.id}`).click();
      const edit = page.locator(`.ant-modal:visible [data-testid="form-meterGateway"][data-record="${saved.id}"]`);
      await expect.poll(() => itemOf(page, edit, 'useUnitId').innerText()).toContain(FAR);
      await edit.locator('#name').fill('Picked meter, renamed');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
      await page.locator('.ant-modal:visible').waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await admin.entities.meterGateway.get(saved.id)).name)
        .toBe('Picked meter, renamed');
      expect((await admin.entities.meterGateway.get(saved.id)).useUnitId).toBe(farId);
      await fx.shot(page, 'picker-saved-en-US');
      expect(errors).toEqual([]);
      await context.close();
    });

    it('offers a page’s own choice of records: an elevator’s maintenance company among maintenance companies', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/elevator' });
      await listState(page, 'list-elevator');
      await page.getByTestId('create-button').click();
      const form = page.locator('[data-testid="form-drawer"] [data-testid="form-elevator"]');
      await itemOf(page, form, 'maintenanceCompanyId').locator('.ant-select').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect
        .poll(async () => (await options.allInnerTexts()).sort())
        .toEqual(['Swift Lift Maintenance', 'Swift Lift North Branch']);
      await page.keyboard.press('Escape');
      await itemOf(page, form, 'propertyCompanyId').locator('.ant-select').click();
      await expect.poll(() => options.allInnerTexts()).toEqual(['Green Park Property']);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
      await context.close();
    });

    for (const language of ['zh-CN', 'en-US', 'it-Italy'] as const) {
      it(`shows the chosen record's name, the hint and the empty answer in ${language}`, async () => {
        const meter = await admin.entities.meterGateway.save({
          code: `MG-${language}`,
          name: 'Meter',
          useUnitId: farId,
        });
        const { page, context, errors } = await fx.openAs('admin', { language, path: '/electricityMeter' });
        await listState(page, 'list-meterGateway');
        await page.getByTestId(`edit-${meter.id}`).click();
        const form = page.locator(`.ant-modal:visible [data-testid="form-meterGateway"][data-record="${meter.id}"]`);
        const texts = TEXTS[language];
        await expect.poll(() => itemOf(page, form, 'useUnitId').innerText()).toContain(FAR);
        await expect.poll(() => itemOf(page, form, 'elevatorId').innerText()).toContain(texts.placeholder);

        // opened without typing: a small first page and how many more there are
        await itemOf(page, form, 'useUnitId').locator('.ant-select').click();
        const dropdown = page.locator('.ant-select-dropdown:visible');
        await expect.poll(() => dropdown.innerText()).toMatch(texts.more);
        // typed text nothing matches: the answer in the reader's language
        await form.locator('#useUnitId').fill('no unit is called this');
        await expect.poll(() => dropdown.innerText()).toContain(texts.noMatch);
        await fx.shot(page, `picker-no-match-${language}`);
        await page.keyboard.press('Escape');
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  },
);

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'an option picker over more than 10,000 records',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
      const now = Date.now();
      // past the 10,000 rows from which list totals are estimated (docs/decisions.md, "Lists at scale")
      const rows = Array.from({ length: 10_200 }, (_, i) => ({
        tenantId: fx.server.demo.tenants.demo,
        orgId: fx.server.demo.companies.demoRoot,
        name: `Crowd unit ${i}`,
        region: 'Crowd region',
        longitude: 120,
        latitude: 30,
        owner: 'Crowd owner',
        createTime: now,
        updateTime: now,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await fx.server.store.db
          .insertInto('useUnits')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    afterAll(async () => fx?.close());

    it('says how many more there are as an estimate when the total is one', async () => {
      const admin = await fx.server.login('admin');
      const first = await admin.entities.useUnit.list({ pageSize: 20 });
      expect(first.totalEstimated).toBe(true);
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/electricityMeter' });
      await listState(page, 'list-meterGateway');
      await page.getByTestId('create-button').click();
      const form = page.locator('.ant-modal:visible [data-testid="form-meterGateway"]');
      await itemOf(page, form, 'useUnitId').locator('.ant-select').click();
      const dropdown = page.locator('.ant-select-dropdown:visible');
      await expect.poll(() => dropdown.innerText()).toMatch(/About [\d,]+ more: type to narrow/);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
