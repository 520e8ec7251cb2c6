import { describe, expect, it } from 'vitest';
import { authStringFrom, visibleMenu } from '../src/index.js';

const paths = (indexes: number[], language: 'zh-CN' | 'en-US' | 'it-Italy' = 'zh-CN', siteName = 'LiftCloud') =>
  visibleMenu({ username: 'u', auth: authStringFrom(indexes), language, siteName }).flatMap((g) =>
    g.children.map((c) => c.path),
  );

/** Issues 13 and 14: the Upkeep group of console-shell.md §2.2, item by item, by its own index. */
describe('the Upkeep menu (console-shell.md §2.2)', () => {
  it('shows each upkeep page to the holder of its index, and none without', () => {
    for (const [path, index] of [
      ['/contract', 820],
      ['/workOrder', 302],
      ['/maintWork', 322],
      ['/yearCheck', 132],
      ['/safeCheck', 827],
      ['/modSalesOrder', 838],
    ] as const) {
      expect(paths([index]), path).toContain(path);
      expect(paths([1]), path).not.toContain(path);
    }
  });

  it('shows /maintenanceSetting with any one of 326, 327 and 328', () => {
    for (const index of [326, 327, 328]) expect(paths([index])).toContain('/maintenanceSetting');
    expect(paths([322, 820])).not.toContain('/maintenanceSetting');
  });

  it('keeps safety checks and modernisation orders China-only; the others show in every language', () => {
    const all = [820, 302, 322, 132, 827, 838, 326];
    for (const language of ['en-US', 'it-Italy'] as const) {
      const shown = paths(all, language);
      expect(shown).not.toContain('/safeCheck');
      expect(shown).not.toContain('/modSalesOrder');
      expect(shown).toEqual(expect.arrayContaining(['/contract', '/workOrder', '/maintWork', '/yearCheck']));
    }
    expect(paths(all)).toEqual(expect.arrayContaining(['/safeCheck', '/modSalesOrder']));
  });
});
