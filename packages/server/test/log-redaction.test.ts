import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction.js';

describe('log redaction', () => {
  it('keeps tokens and passwords in URLs out of the logs', () => {
    expect(redactUrl('/api/ws?token=abc.def&x=1')).toBe('/api/ws?token=[redacted]&x=1');
    expect(redactUrl('/api/x?a=1&password=hunter2')).toBe('/api/x?a=1&password=[redacted]');
    // a shared link works for anyone holding it until it expires: its signature is a secret too
    expect(redactUrl('/api/public/workOrders/7?sig=Zm9v_-x&exp=1795939962')).toBe(
      '/api/public/workOrders/7?sig=[redacted]&exp=1795939962',
    );
    expect(redactUrl('/h5workOrder/7?exp=1&sig=Zm9v')).toBe('/h5workOrder/7?exp=1&sig=[redacted]');
    expect(redactUrl('/thirdLogin/bob,secret')).toBe('/thirdLogin/[redacted]');
    expect(redactUrl('/api/users?pageNo=2')).toBe('/api/users?pageNo=2');
  });
});
