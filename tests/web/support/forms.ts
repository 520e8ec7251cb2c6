import type { Locator, Page } from 'playwright-core';

/** Open an antd select of a form field and take its first choice. */
export async function chooseFirst(page: Page, scope: Locator, id: string): Promise<void> {
  await scope
    .locator('.ant-form-item', { has: page.locator(`#${id}`) })
    .locator('.ant-select')
    .click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
}
