import { describe, expect, it } from 'vitest';
import { daysOf, meterDeltas } from '../src/services/electricity.js';

describe('meter consumption between readings', () => {
  it('counts differences from the baseline, a drop as a reset worth what the meter shows', () => {
    const deltas = meterDeltas(100, [
      { readTime: 1, kwh: 104 },
      { readTime: 2, kwh: 104 },
      { readTime: 3, kwh: 1.5 }, // replaced meter: 1.5 kWh since
      { readTime: 4, kwh: 6 },
    ]);
    expect(deltas).toEqual([
      { readTime: 1, kwh: 4, reset: false },
      { readTime: 2, kwh: 0, reset: false },
      { readTime: 3, kwh: 1.5, reset: true },
      { readTime: 4, kwh: 4.5, reset: false },
    ]);
  });

  it('takes a meter’s first reading ever as its baseline only', () => {
    expect(meterDeltas(null, [{ readTime: 1, kwh: 50 }])).toEqual([]);
    expect(
      meterDeltas(null, [
        { readTime: 1, kwh: 50 },
        { readTime: 2, kwh: 52 },
      ]),
    ).toEqual([{ readTime: 2, kwh: 2, reset: false }]);
  });

  it('cuts days at the zone’s midnights, a daylight-saving day 25 hours long', () => {
    // New York left daylight saving time on Sunday 1 November 2026
    const { days, starts } = daysOf('2026-10-31', '2026-11-02', 'America/New_York');
    expect(days).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(starts[0]).toBe(Date.UTC(2026, 9, 31, 4));
    expect((starts[2]! - starts[1]!) / 3_600_000).toBe(25);
    expect((starts[1]! - starts[0]!) / 3_600_000).toBe(24);
  });
});
