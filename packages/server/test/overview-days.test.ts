import { describe, expect, it } from 'vitest';
import { lastSevenDays } from '../src/areas/monitoring/overview-days.js';

describe('the kanban’s seven days', () => {
  it('are calendar days in the caller’s zone, oldest first, ending today', () => {
    // 2026-11-22 01:30 in Shanghai is still the 21st in UTC
    const days = lastSevenDays(Date.UTC(2026, 10, 21, 17, 30), 'Asia/Shanghai');
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(days[6]!.start).toBe(Date.UTC(2026, 10, 21, 16));
    for (const [i, d] of days.entries()) {
      expect(d.end - d.start).toBe(86_400_000);
      if (i) expect(d.start).toBe(days[i - 1]!.end);
    }
  });

  it('follow a daylight-saving change: the spring day is 23 hours', () => {
    const days = lastSevenDays(Date.UTC(2026, 2, 31, 12), 'Europe/Rome');
    const spring = days.find((d) => d.date === '2026-03-29')!;
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    expect(spring.start).toBe(Date.UTC(2026, 2, 28, 23));
  });
});
