import { describe, expect, it } from 'vitest';
import { localTimeZone, namedZone } from '../src/time-zone.js';

const noLink = () => {
  throw Object.assign(new Error('EINVAL'), { code: 'EINVAL' });
};

describe('the time zone requests name', () => {
  it('is the IANA zone TZ names', () => {
    expect(namedZone('Europe/Rome', noLink)).toBe('Europe/Rome');
    expect(namedZone('America/Argentina/Buenos_Aires', noLink)).toBe('America/Argentina/Buenos_Aires');
    expect(namedZone('UTC', noLink)).toBe('UTC');
  });

  it('leaves a POSIX rule or a path in TZ to Intl', () => {
    expect(namedZone('CST-8', () => '/usr/share/zoneinfo/Asia/Shanghai')).toBeUndefined();
    expect(namedZone(':/etc/localtime', () => '/usr/share/zoneinfo/Asia/Shanghai')).toBeUndefined();
  });

  it('is the zone /etc/localtime links to when TZ is unset or empty', () => {
    expect(namedZone(undefined, () => '/usr/share/zoneinfo/Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(namedZone('', () => '../usr/share/zoneinfo/Etc/UTC')).toBe('Etc/UTC');
    expect(namedZone(undefined, () => '/etc/zoneinfo-copy')).toBeUndefined();
    expect(namedZone(undefined, noLink)).toBeUndefined();
  });

  it('is a zone Intl accepts', () => {
    const zone = localTimeZone();
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });
});
