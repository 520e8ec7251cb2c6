import { describe, expect, it } from 'vitest';
import { fillPath, openApiPath } from '../src/operations/define.js';

describe('operation paths', () => {
  it('fills path parameters, encoded', () => {
    expect(fillPath('gatewayDevices/:id/bind', { id: 7 })).toBe('gatewayDevices/7/bind');
    expect(fillPath('workOrders/:id/:action', { id: 3, action: 'a b' })).toBe('workOrders/3/a%20b');
  });

  it('refuses a call without a path parameter rather than calling the wrong route', () => {
    expect(() => fillPath('gatewayDevices/:id/bind', {})).toThrow('path parameter id is missing');
  });

  it('writes a path as OpenAPI does', () => {
    expect(openApiPath('workOrders/:id/:action')).toBe('/api/workOrders/{id}/{action}');
  });
});
