import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  listState,
  startConsole,
  BROWSER_TEST_TIMEOUT,
  type ConsoleFixture,
} from './support/consoleFixture.js';

/** Issue 20: the Italian console at 1440 px, where the longest labels are. */
describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  'the Italian layout at 1440 px',
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('/user: every column can be scrolled clear of the fixed actions column; no sidebar label is cut; no gap before the language arrow', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'it-Italy', path: '/user' });
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(await listState(page, 'list-user')).toBe('finish');

      // the columns the fixed actions column lies over: with the table scrolled to its end, none (every column
      // can be read; at the first scroll position the narrowest screens show the last ones under it)
      await page.evaluate(() => {
        const scroller = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
        scroller.scrollLeft = scroller.scrollWidth;
      });
      const covered = await page.evaluate(() => {
        const fixed = document.querySelector('.ant-table-thead th.ant-table-cell-fix-end') as HTMLElement | null;
        if (!fixed) return ['no fixed column'];
        const edge = fixed.getBoundingClientRect().left;
        const holder = document.querySelector('.ant-table-container')!.getBoundingClientRect();
        return [...document.querySelectorAll('.ant-table-thead th:not(.ant-table-cell-fix-end)')]
          .filter((th) => {
            const r = th.getBoundingClientRect();
            return r.width > 0 && r.right > edge + 1 && r.left < holder.right;
          })
          .map((th) => (th as HTMLElement).innerText);
      });
      expect(covered).toEqual([]);

      // open every sidebar group: each label, group or page, shows whole (no ellipsis, nothing clipped)
      for (const title of await page.locator('[data-testid="sidebar"] > li.ant-menu-submenu').all()) {
        if (!(await title.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
          await title.locator('> .ant-menu-submenu-title').click();
      }
      await expect
        .poll(() => page.locator('[data-testid="sidebar"] li[data-testid^="menu-"]').count())
        .toBeGreaterThan(30);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="sidebar"] .ant-menu-title-content')]
          .filter((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
          .map((el) => (el as HTMLElement).innerText),
      );
      expect(cut).toEqual([]);

      // the language selector's arrow follows its label closely
      const gap = await page.getByTestId('language-selector').evaluate((el) => {
        const label = el.querySelector('.ant-select-selection-item, .ant-select-content') as HTMLElement;
        const arrow = el.querySelector('.ant-select-arrow, .ant-select-suffix') as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(label);
        return arrow.getBoundingClientRect().left - range.getBoundingClientRect().right;
      });
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(16);
      await fx.shot(page, 'italian-layout-1440');
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
