import { describe, expect, it } from 'vitest';
import { leavesOf, nextPermissions, permissionTree } from './permissionTree';

describe('role permission tree', () => {
  const tree = permissionTree('en-US', (n) => `#${n}`);
  const leaves = leavesOf(tree);

  it('mirrors the menu groups and leaves out pages without an index', () => {
    expect(tree.map((g) => g.title)).toContain('User role');
    expect(leaves.some((l) => l.key.startsWith('/tenant'))).toBe(false);
    expect(leaves.filter((l) => l.key.startsWith('/smartDevice#')).map((l) => l.index)).toEqual([813, 71, 73, 855]);
  });

  it('unchecking one company page withdraws index 12 everywhere', () => {
    const checked = leaves.filter((l) => l.index === 12 || l.index === 3).map((l) => l.key);
    const after = checked.filter((k) => k !== '/agent#12');
    expect(nextPermissions([3, 12], leaves, checked, after)).toEqual([3]);
  });

  it('checking a group grants all of its indexes', () => {
    const userRole = leavesOf(tree.filter((g) => g.key === 'group:userRole')).map((l) => l.key);
    expect(nextPermissions([], leaves, [], userRole)).toEqual([3, 5]);
  });
});
