import { describe, expect, it } from 'vitest';
import { describeSchedule, nextDue } from '../src/jobs/schedule.js';

const at = (iso: string) => Date.parse(iso);

describe('job due times', () => {
  it('fall on whole multiples of an interval, so a late or missed run does not shift the ones after it', () => {
    const every = { everyMs: 10_000 };
    expect(nextDue(every, at('2026-01-05T08:00:00Z'))).toBe(at('2026-01-05T08:00:10Z'));
    expect(nextDue(every, at('2026-01-05T08:00:03.5Z'))).toBe(at('2026-01-05T08:00:10Z'));
    // down for an hour: the next time is the next slot, not the first one missed
    expect(nextDue(every, at('2026-01-05T09:00:07Z'))).toBe(at('2026-01-05T09:00:10Z'));
  });

  it('come daily at a wall-clock time in a zone', () => {
    const daily = { dailyAt: '02:00', timeZone: 'Asia/Shanghai' };
    // 01:00 in Shanghai is 17:00 UTC the day before
    expect(nextDue(daily, at('2026-01-04T17:00:00Z'))).toBe(at('2026-01-04T18:00:00Z'));
    expect(nextDue(daily, at('2026-01-04T18:00:00Z'))).toBe(at('2026-01-05T18:00:00Z'));
  });

  it('keep the wall-clock time across a daylight-saving change', () => {
    const daily = { dailyAt: '03:30', timeZone: 'Europe/Rome' };
    // Rome moves from UTC+1 to UTC+2 on 2026-03-29
    expect(nextDue(daily, at('2026-03-28T12:00:00Z'))).toBe(at('2026-03-29T01:30:00Z'));
    expect(nextDue(daily, at('2026-03-29T12:00:00Z'))).toBe(at('2026-03-30T01:30:00Z'));
  });

  it('skip days outside the weekdays named', () => {
    // 2026-01-05 is a Monday; Fridays only
    const weekly = { dailyAt: '06:00', timeZone: 'UTC', weekdays: [5] };
    expect(nextDue(weekly, at('2026-01-05T07:00:00Z'))).toBe(at('2026-01-09T06:00:00Z'));
    expect(nextDue(weekly, at('2026-01-09T06:00:00Z'))).toBe(at('2026-01-16T06:00:00Z'));
  });

  it('refuse a malformed time of day', () => {
    expect(() => nextDue({ dailyAt: '25:00', timeZone: 'UTC' }, 0)).toThrow(/HH:mm/);
    expect(() => nextDue({ dailyAt: '02:00', timeZone: 'UTC', weekdays: [] }, 0)).toThrow(/weekday/);
  });

  it('read in a few words for the ops list', () => {
    expect(describeSchedule({ everyMs: 10_000 })).toBe('every 10 s');
    expect(describeSchedule({ everyMs: 3_600_000 })).toBe('every 1 h');
    expect(describeSchedule({ dailyAt: '02:00', timeZone: 'Asia/Shanghai', weekdays: [1, 5] })).toBe(
      'daily 02:00 Asia/Shanghai (Mon, Fri)',
    );
  });
});
