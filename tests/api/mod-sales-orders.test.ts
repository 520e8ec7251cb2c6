import { getPublicScheme, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** The key with its last character changed (to something else whatever it was). */
const otherLastChar = (key: string) => `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;

describe.each(DIALECTS)('modernisation sales orders on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
  });
  afterAll(async () => s?.close());

  it('keeps customer, elevators, scheme and status; the scheme opens by its link without a login', async () => {
    const lift = await admin.entities.elevator.save({
      name: 'Old lift',
      factoryNo: `GZ-${dialect}`,
      elevatorType: 1,
      useStatus: 1,
    });
    const order = await admin.entities.modSalesOrder.save({
      salesOrderNo: 'GZ-2026-001',
      customerName: 'Harbour Mall Co.',
      contactPhone: '13700000009',
      elevatorIds: [lift.id],
      schemeTitle: 'Control system and door operator upgrade',
      schemeItems: 'Control cabinet\nDoor operator\nCar display',
      totalPrice: 186000,
      validUntil: '2026-12-31',
      status: 2,
    });
    expect(order.schemeKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const visitor = s.anonymous('en-US');
    const scheme = await visitor.call(getPublicScheme, {
      params: { salesOrderNo: 'GZ-2026-001' },
      query: { k: order.schemeKey! },
    });
    expect(scheme).toEqual({
      salesOrderNo: 'GZ-2026-001',
      customerName: 'Harbour Mall Co.',
      schemeTitle: 'Control system and door operator upgrade',
      schemeItems: 'Control cabinet\nDoor operator\nCar display',
      totalPrice: 186000,
      validUntil: '2026-12-31',
      status: 2,
      salesman: null,
      elevators: ['Old lift'],
    });
    // a wrong key, no key, another order's number: the same 404
    const wrong = [
      { params: { salesOrderNo: 'GZ-2026-001' }, query: { k: otherLastChar(order.schemeKey!) } },
      { params: { salesOrderNo: 'GZ-2026-001' }, query: {} },
      { params: { salesOrderNo: 'GZ-2026-002' }, query: { k: order.schemeKey! } },
    ];
    for (const call of wrong) {
      const err = await failure(visitor.call(getPublicScheme, call));
      expect(err.status).toBe(404);
      expect(err.message).toBe('This link is invalid or has expired: ask for a new one');
    }
  });

  it('checks the phone and the status; another tenant gets 404, a user without 838 403', async () => {
    const bad = await failure(
      admin.entities.modSalesOrder.save({
        salesOrderNo: 'GZ-BAD',
        customerName: 'X',
        schemeTitle: 'Y',
        status: 9,
        contactPhone: '123',
      } as never),
    );
    expect(bad.status).toBe(400);
    const mine = await admin.entities.modSalesOrder.save({
      salesOrderNo: 'GZ-MINE',
      customerName: 'Mine',
      schemeTitle: 'Escalator handrails',
      status: 1,
    });
    const coastal = await s.login('coastaladmin');
    expect((await failure(coastal.entities.modSalesOrder.get(mine.id))).status).toBe(404);
    const engineer = await s.login('companyuser');
    expect((await failure(engineer.entities.modSalesOrder.list())).status).toBe(403);
  });
});
