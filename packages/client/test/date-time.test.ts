import { describe, expect, it } from 'vitest';
import { formatDateTime, keptTimeZoneEntries, parseDateTime } from '../src/time.js';

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of an instant in a zone, from Intl each time (what time.ts keeps per hour): Swedish dates read
 * "yyyy-MM-dd HH:mm:ss", so this is Intl's format() with styles, not time.ts's parts.
 */
function intlWallClock(ms: number, tz: string): string {
  let f = intlFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
    intlFormats.set(tz, f);
  }
  return f.format(ms);
}

/** The zone's offset at a whole second, from Intl's wall clock. */
function intlOffset(second: number, tz: string): number {
  const [y, mo, d, h, mi, s] = intlWallClock(second, tz).split(/[- :]/).map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - second;
}

const ZONES = [
  'Asia/Shanghai',
  'Europe/Rome',
  'America/New_York',
  'Australia/Lord_Howe', // a half-hour daylight saving change
  'Asia/Kathmandu', // +05:45
  'America/St_Johns', // −03:30 with daylight saving
  'Pacific/Apia', // skipped a whole day in 2011
  'UTC',
];

/** A small deterministic generator: the same instants on every run. */
function* instants(count: number, from: number, to: number): Generator<number> {
  let x = 0x2545f491;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    yield from + Math.floor(((x >>> 0) / 2 ** 32) * (to - from));
  }
}

describe('date-times in a time zone', () => {
  it('formats as Intl reads the wall clock, around every daylight-saving change and far in the past', () => {
    const from = Date.UTC(1890, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    for (const tz of ZONES) {
      for (const ms of instants(3_000, from, to)) expect(formatDateTime(ms, tz)).toBe(intlWallClock(ms, tz));
      // each second around each change of offset in 2024 and 2025 (found by the hour)
      for (let hour = Date.UTC(2024, 0, 1); hour < Date.UTC(2026, 0, 1); hour += 3_600_000) {
        if (intlOffset(hour, tz) === intlOffset(hour + 3_599_000, tz)) continue;
        for (let ms = hour - 1_000; ms <= hour + 3_601_000; ms += 997)
          expect(formatDateTime(ms, tz)).toBe(intlWallClock(ms, tz));
      }
    }
  });

  it('formats the same instant again from the hour it keeps, and reads back what it wrote', () => {
    for (const tz of ZONES) {
      for (const ms of instants(500, Date.UTC(2020, 0, 1), Date.UTC(2030, 0, 1))) {
        const text = formatDateTime(ms, tz);
        expect(formatDateTime(ms, tz)).toBe(text);
        // a wall clock that happens twice (the hour daylight saving gives back) reads as one of the two
        const back = parseDateTime(text, tz);
        expect(formatDateTime(back, tz)).toBe(text);
        expect(Math.abs(back - Math.floor(ms / 1000) * 1000) % 1_800_000).toBe(0);
      }
    }
  });

  it('keeps a bounded number of formatters and hours, whatever zone names and instants it is asked for', () => {
    // every case variant of a name is a zone to Intl: a flood of them, each with an instant of its own
    const letters = [...'asiashanghai'];
    const variants = Array.from({ length: 1_500 }, (_, i) => {
      const name = letters.map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join('');
      return `${name.slice(0, 4)}/${name.slice(4)}`;
    });
    expect(new Set(variants).size).toBe(1_500);
    const summer = Date.UTC(2025, 6, 1, 12);
    for (const [i, tz] of variants.entries()) {
      expect(formatDateTime(summer + i * 3_600_000, tz)).toBe(intlWallClock(summer + i * 3_600_000, 'Asia/Shanghai'));
      expect(keptTimeZoneEntries().formatters).toBeLessThanOrEqual(1_000);
    }
    // more distinct hours than are kept, in one zone: the answers stay Intl's after the cache starts over
    const from = Date.UTC(2000, 0, 1);
    for (let hour = 0; hour < 120_000; hour++) {
      const ms = from + hour * 3_600_000 + 1_234;
      const text = formatDateTime(ms, 'America/New_York');
      if (hour % 997 === 0) expect(text).toBe(intlWallClock(ms, 'America/New_York'));
    }
    expect(keptTimeZoneEntries().hours).toBeLessThanOrEqual(100_000);
  });
});
