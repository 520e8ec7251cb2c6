/** Tests of workflow/contract.ts: the void move and the expiry status the store also computes in SQL */
import { describe, expect, it } from 'vitest';
import { addDays, contractActions, contractExpiryOn, nextContractState, todayIn } from '../../src/index.js';

describe('contract workflow', () => {
  it('voids a valid contract, and nothing leaves voided', () => {
    expect(nextContractState(1, 'void')).toBe(2);
    expect(nextContractState(2, 'void')).toBeNull();
    expect(contractActions(1)).toEqual(['void']);
    expect(contractActions(2)).toEqual([]);
  });

  it('derives the expiry status from the dates and the day', () => {
    const c = { startDate: '2026-01-01', endDate: '2026-06-30' };
    expect(contractExpiryOn(c, '2025-12-31')).toBe(0);
    expect(contractExpiryOn(c, '2026-01-01')).toBe(1);
    expect(contractExpiryOn(c, '2026-05-30')).toBe(1); // 31 days left
    expect(contractExpiryOn(c, '2026-05-31')).toBe(2); // 30 days left
    expect(contractExpiryOn(c, '2026-06-30')).toBe(2);
    expect(contractExpiryOn(c, '2026-07-01')).toBe(3);
    expect(contractExpiryOn({ ...c, state: 2 }, '2026-06-15')).toBeNull();
  });

  it('moves calendar dates across months and leap days, and reads today in a zone', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // 2026-01-01 20:00 UTC is already the 2nd in Shanghai
    const t = Date.UTC(2026, 0, 1, 20);
    expect(todayIn('UTC', t)).toBe('2026-01-01');
    expect(todayIn('Asia/Shanghai', t)).toBe('2026-01-02');
  });
});
