import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const LIMIT = 40;

/**
 * List totals past the exact limit (store/list-total.ts): estimated from the newest matches, marked
 * totalEstimated, near the true count, and never counting another tenant's rows; under the limit, exact.
 */
describe.each(DIALECTS)('estimated list totals (%s)', (dialect) => {
  let s: TestServer;
  let db: Kysely<LooseDB>;
  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { exactTotalLimit: LIMIT } });
    db = s.store.db as unknown as Kysely<LooseDB>;
    const now = Date.now();
    const row = (tenantId: number, orgId: number, i: number, region: string) => ({
      tenantId,
      orgId,
      no: `EST-${tenantId}-${i}`,
      name: `Estimate ${tenantId}-${i}`,
      type: 'Office',
      propertyCompanyId: null,
      region,
      address: `${i} Estimate Road`,
      longitude: 121,
      latitude: 31,
      owner: 'Owner',
      createTime: now,
      updateTime: now,
    });
    // the two tenants' rows interleave in batches, as rows arriving over time would
    for (let batch = 0; batch < 16; batch++) {
      const demo = Array.from({ length: 50 }, (_, k) => {
        const i = batch * 50 + k;
        return row(s.demo.tenants.demo, s.demo.companies.useUnit!, i, i % 2 ? 'Suzhou Gusu' : 'Hangzhou Xihu');
      });
      await db.insertInto('useUnits').values(demo).execute();
      if (batch % 4 === 0) {
        const coastal = Array.from({ length: 50 }, (_, k) =>
          row(s.demo.tenants.coastal, s.demo.companies.coastalRoot!, batch * 50 + k, 'Hangzhou Xihu'),
        );
        await db.insertInto('useUnits').values(coastal).execute();
      }
    }
  });
  afterAll(async () => s?.close());

  const trueCount = async (tenantId: number, region: string) =>
    Number(
      (
        await db
          .selectFrom('useUnits')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenantId', '=', tenantId)
          .where('region', 'like', `%${region}%`)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('estimates a contains filter past the limit, near the true count, and says so', async () => {
    const admin = await s.login('admin');
    const expected = await trueCount(s.demo.tenants.demo, 'Xihu');
    expect(expected).toBeGreaterThan(LIMIT * 5);
    const page = await admin.entities.useUnit.list({ region: 'xihu', pageSize: 20 });
    expect(page.totalEstimated).toBe(true);
    expect(page.total).toBeGreaterThan(expected * 0.8);
    expect(page.total).toBeLessThan(expected * 1.2);
    expect(page.pages).toBe(Math.ceil(page.total / 20));
    expect(page.records).toHaveLength(20);
    expect(page.records.every((r) => r.region === 'Hangzhou Xihu')).toBe(true);
  });

  it("does not count another tenant's rows in its estimate", async () => {
    const coastal = await s.login('coastaladmin');
    const expected = await trueCount(s.demo.tenants.coastal, 'Xihu');
    const page = await coastal.entities.useUnit.list({ region: 'xihu' });
    expect(page.totalEstimated).toBe(true);
    // the demo tenant's 400 Xihu rows lie among the same ids: counting them would more than double the figure
    expect(page.total).toBeGreaterThan(expected * 0.8);
    expect(page.total).toBeLessThan(expected * 1.2);
    expect(page.records.every((r) => String(r.no).startsWith(`EST-${s.demo.tenants.coastal}-`))).toBe(true);
  });

  it('counts exactly up to the limit and leaves the mark out', async () => {
    const admin = await s.login('admin');
    // Estimate <tenant>-12 and -120 to -129: eleven rows
    const page = await admin.entities.useUnit.list({ name: `Estimate ${s.demo.tenants.demo}-12` });
    expect(page.total).toBe(11);
    expect(page.totalEstimated).toBeUndefined();
    const none = await admin.entities.useUnit.list({ region: 'nowhere at all' });
    expect(none).toMatchObject({ total: 0, pages: 0, records: [] });
    expect(none.totalEstimated).toBeUndefined();
  });
});
