import { describe, expect, it } from 'vitest';
import { isEmptyPatch, patchOf, user } from '../src/index.js';

describe('an update sends only what changed', () => {
  const before = { name: 'Li', phone: '13800000000', roleIds: [3, 1], mail: null, maintainer: false };

  it('keeps the id and revision, and only the fields whose value differs', () => {
    const after = { ...before, phone: '13900000000' };
    expect(patchOf(user, before, after, { id: 9, revision: 123 })).toEqual({
      id: 9,
      revision: 123,
      phone: '13900000000',
    });
  });

  it('reads id lists as sets and empty values as one, so reordering or null/undefined is no change', () => {
    const after = { ...before, roleIds: [1, 3], mail: undefined };
    const patch = patchOf(user, before, after, { id: 9 });
    expect(patch).toEqual({ id: 9 });
    expect(isEmptyPatch(patch)).toBe(true);
  });

  it('sends a field emptied on purpose as null, and never a read-only or unknown key', () => {
    const after = { ...before, mail: null, name: 'Wang', locked: true, lastLoginTime: 'x', extra: 1 };
    expect(patchOf(user, { ...before, mail: 'a@b.cn' }, after, { id: 2 })).toEqual({ id: 2, mail: null, name: 'Wang' });
  });
});
