import { describe, expect, it } from 'vitest';
import { describeHealthReason, healthIndex, type HealthInputs } from '../../src/health/index.js';

const none: HealthInputs = {
  faults: 0,
  hazards: 0,
  potentialFaults: 0,
  overLimitRuns: 0,
  a95Recent: null,
  a95RecentRuns: 0,
  a95Before: null,
  a95BeforeRuns: 0,
  overdueMaintenance: 0,
  maintenanceDone: 0,
  maintenanceLate: 0,
};

describe('health index', () => {
  it('is 100 and high with nothing against it', () => {
    expect(healthIndex(none)).toEqual({ score: 100, level: 3, reasons: [] });
  });

  it('levels: 80 is high, 79 middle, 50 middle, below 50 low', () => {
    expect(healthIndex({ ...none, faults: 10 }).level).toBe(3); // 80
    expect(healthIndex({ ...none, faults: 10, maintenanceDone: 10, maintenanceLate: 1 })).toMatchObject({
      score: 79,
      level: 2,
    });
    expect(healthIndex({ ...none, faults: 15, hazards: 4 })).toMatchObject({ score: 50, level: 2 });
    expect(healthIndex({ ...none, faults: 15, hazards: 4, overdueMaintenance: 1 })).toMatchObject({
      score: 40,
      level: 1,
    });
  });

  it('caps each factor, so one kind of trouble alone never makes an elevator low', () => {
    expect(healthIndex({ ...none, faults: 500 })).toMatchObject({ score: 70, level: 2 });
    expect(
      healthIndex({ ...none, overLimitRuns: 9, a95Recent: 2, a95RecentRuns: 9, a95Before: 1, a95BeforeRuns: 9 }),
    ).toMatchObject({ score: 75 });
  });

  it('counts a rising vibration trend only over enough runs, from 25 % up', () => {
    const trend = { a95RecentRuns: 5, a95BeforeRuns: 5, a95Before: 0.1 };
    expect(healthIndex({ ...none, ...trend, a95Recent: 0.13 }).reasons).toEqual([
      { factor: 'vibrationTrend', value: 30, points: 10 },
    ]);
    expect(healthIndex({ ...none, ...trend, a95Recent: 0.12 }).score).toBe(100);
    expect(healthIndex({ ...none, ...trend, a95Recent: 0.2, a95RecentRuns: 2 }).score).toBe(100);
  });

  it('reads its reasons in each language', () => {
    const r = { factor: 'faults' as const, value: 12, points: 24 };
    expect(describeHealthReason(r, 'en-US')).toBe('Faults in 30 days 12 (−24)');
    expect(describeHealthReason(r, 'zh-CN')).toBe('30天故障数 12 (−24)');
    expect(describeHealthReason(r, 'it-Italy')).toBe('Guasti in 30 giorni 12 (−24)');
  });
});
