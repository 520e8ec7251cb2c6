import { describe, expect, it } from 'vitest';
import { sourceOfAddress } from '../src/services/source.js';

describe('the source a per-source limit counts', () => {
  it('is an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(sourceOfAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOfAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(sourceOfAddress('2001:db8:12:34:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:12:34::/64');
    expect(sourceOfAddress('2001:0db8:0012:0034::1')).toBe('2001:db8:12:34::/64');
    expect(sourceOfAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(sourceOfAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
