import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction.js';

describe('log redaction', () => {
  it('keeps tokens and passwords in URLs out of the logs', () => {
    expect(redactUrl('/api/ws?token=abc.def&x=1')).toBe('/api/ws?token=[redacted]&x=1');
    expect(redactUrl('/api/x?a=1&password=hunter2')).toBe('/api/x?a=1&password=[redacted]');
    expect(redactUrl('/thirdLogin/bob,secret')).toBe('/thirdLogin/[redacted]');
    expect(redactUrl('/api/users?pageNo=2')).toBe('/api/users?pageNo=2');
  });
});
