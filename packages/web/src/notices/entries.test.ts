import { describe, expect, it } from 'vitest';
import { describeEntry, entriesOf } from './entries';

describe('notice entries', () => {
  it('reads lists, notice lists and pages', () => {
    expect(entriesOf([{ id: 1 }])).toHaveLength(1);
    expect(entriesOf({ list: [{ id: 1 }, { id: 2 }], total: 2 })).toHaveLength(2);
    expect(entriesOf({ records: [{ id: 3 }], total: 1, pages: 1 })).toHaveLength(1);
    expect(entriesOf(null)).toEqual([]);
  });
  it('describes a contract by number and use unit', () => {
    expect(describeEntry({ contractNo: 'HT-1', useUnitName: 'Mall' })).toBe('HT-1 · Mall');
  });
});
