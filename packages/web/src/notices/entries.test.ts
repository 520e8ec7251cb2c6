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
  it('shows the one date the notice is about, not the record’s other times', () => {
    const contract = {
      contractNo: 'HT-2',
      useUnitName: 'Mall',
      endDate: '2026-12-23',
      createTime: '2025-12-24 16:51:18',
    };
    expect(describeEntry(contract)).toBe('HT-2 · Mall · 2026-12-23');
    const inspection = {
      elevatorName: 'Lift 1',
      nextCheckDate: '2026-12-24',
      checkDate: '2025-12-24',
      createTime: '2025-12-24 16:51:18',
    };
    expect(describeEntry(inspection)).toBe('Lift 1 · 2026-12-24');
  });
});
