import { describe, expect, it } from 'vitest';
import { localTimeZone } from '../src/http/client.js';
import { isTimeZone } from '../src/time.js';

describe('time zones', () => {
  it('takes IANA zones, again from what it has seen, and refuses names that are none', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Europe/Rome')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Asia/Shanghai; drop table')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
  });

  it('keeps answering past the names it keeps: a flood of case variants of one zone (Intl takes them all)', () => {
    const variants = Array.from({ length: 1_500 }, (_, i) =>
      [...'Asia/Shanghai'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''),
    );
    for (const name of variants) expect(isTimeZone(name)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('reads the machine’s zone as Intl names it', () => {
    expect(localTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(isTimeZone(localTimeZone())).toBe(true);
  });
});
