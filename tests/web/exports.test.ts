import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elevator, meterGateway, monitorDevice, netApply, part, type EntityDef } from '@liftcloud/client';
import type { Page } from 'playwright-core';
import { readXlsx } from '../support/xlsx.js';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { chooseFirst } from './support/forms.js';

/** Click the list's export button and read the workbook the browser saves. */
async function exportFromPage(page: Page): Promise<{ name: string; rows: unknown[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-button').click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), rows: (await readXlsx(await readFile(path))) as unknown[][] };
}

/** The labels of the first columns an export of this entity starts with, after the id. */
const leadingLabels = (entity: EntityDef, language: 'en-US' | 'zh-CN', count: number) =>
  Object.values(entity.fields)
    .slice(0, count)
    .map((f) => f.label[language]);

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'export buttons and the monitor-device page',
  { timeout: BROWSER_TEST_TIMEOUT * 2 },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
      // the demo seed holds no registry rows: give each exported list a few
      const admin = await fx.server.login('admin');
      for (const n of [1, 2, 3]) {
        await admin.entities.elevator.save({
          name: `Export lift ${n}`,
          factoryNo: `EXP-${n}`,
          elevatorType: 1,
          useStatus: 1,
        });
        await admin.entities.meterGateway.save({ code: `MG-${n}`, name: `Meter ${n}`, dbNo: `DB${n}` });
        await admin.entities.part.save({ no: `EXP-P${n}`, name: `Rope ${n}`, partsSn: `${n}`.repeat(34) });
        await admin.entities.netApply.save({
          elevatorName: `Applied lift ${n}`,
          factoryNo: `APP-${n}`,
          elevatorType: 1,
          dtuCode: `8600000070${n}`,
          useUnitName: 'Harbour Mall',
        });
      }
    });
    afterAll(async () => fx?.close());

    it('adds a monitor device through the form, refuses a second with its code, and exports the filtered list', async () => {
      // a China-only page (console-shell.md §2.2): the menu offers it in Chinese
      const { page, context, errors } = await fx.openAs('admin', { language: 'zh-CN', path: '/monitorDevice' });
      await listState(page, 'list-monitorDevice');

      const add = async (code: string, name: string) => {
        await page.getByTestId('create-button').click();
        const form = page.getByTestId('form-monitorDevice');
        await form.locator('#code').fill(code);
        await form.locator('#name').fill(name);
        await form.locator('#location').fill('机房');
        await chooseFirst(page, form, 'elevatorId');
        await page.locator('.ant-modal-footer:visible .ant-btn-primary').click();
        return form;
      };
      await (await add('MD-BROWSER-1', 'Browser camera A')).waitFor({ state: 'detached' });
      await (await add('MD-BROWSER-2', 'Browser camera B')).waitFor({ state: 'detached' });

      // the code is unique: the form stays open and names the field
      const duplicate = await add('MD-BROWSER-1', 'Browser camera C');
      await expect
        .poll(() => page.locator('.ant-form-item-explain-error, .ant-message-error').allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringMatching(/设备编号/)]));
      await fx.shot(page, 'monitor-device-duplicate-zh-CN');
      await page.locator('.ant-modal-footer:visible .ant-btn').first().click();
      await duplicate.waitFor({ state: 'detached' });

      await page.goto(`${fx.base}/monitorDevice?name=camera%20A`);
      await listState(page, 'list-monitorDevice');
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      const { name, rows } = await exportFromPage(page);
      expect(name).toMatch(/\.xlsx$/);
      expect(rows[0]!.slice(0, 4)).toEqual(['编号', ...leadingLabels(monitorDevice, 'zh-CN', 3)]);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(1, 3)).toEqual(['MD-BROWSER-1', 'Browser camera A']);
      expect(rows[1]).toContain('机房');

      const admin = await fx.server.login('admin');
      const stored = await admin.entities.monitorDevice.list({ code: 'MD-BROWSER-1' });
      expect(stored.total).toBe(1);
      // the only failed request is the refused duplicate
      expect(errors).toEqual([expect.stringMatching(/409/)]);
      await context.close();
    });

    it.each([
      { path: '/elevator', entity: elevator },
      { path: '/parts', entity: part },
      { path: '/elevatorNetApply', entity: netApply },
      { path: '/electricityMeter', entity: meterGateway },
    ])('exports $path in Chinese with the rows the list shows', async ({ path, entity }) => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'zh-CN', path });
      await listState(page, `list-${entity.name}`);
      const { rows } = await exportFromPage(page);
      const admin = await fx.server.login('admin');
      const listed = await admin.entities[entity.name as 'elevator'].list({ pageSize: 20 });
      expect(rows[0]!.slice(0, 3)).toEqual(['编号', ...leadingLabels(entity, 'zh-CN', 2)]);
      expect(listed.total).toBeGreaterThanOrEqual(3);
      expect(rows.length - 1).toBe(listed.total);
      expect(rows.slice(1).map((r) => r[0])).toContain(listed.records[0]!.id);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
