import type { Store } from '../../packages/server/src/db/database.js';

export const REGIONS = ['Shanghai Pudong', 'Shanghai Xuhui', 'Hangzhou Xihu', 'Suzhou Gusu', 'Ningbo Haishu'];

/**
 * `rows` use units in the demo tenant, spread over four organisations and five regions, inserted 1,000 a
 * statement: the table B2's list workload reads (bench/list-endpoint.ts, bench/login-storm.ts).
 */
export async function seedUseUnits(
  store: Store,
  demo: { tenants: { demo: number }; companies: Record<string, number> },
  rows: number,
): Promise<void> {
  const orgs = [
    demo.companies.useUnit!,
    demo.companies.property!,
    demo.companies.maintenance!,
    demo.companies.maintenanceNorth!,
  ];
  const now = Date.now();
  for (let start = 0; start < rows; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, rows - start) }, (_, k) => {
      const i = start + k;
      return {
        tenantId: demo.tenants.demo,
        orgId: orgs[i % orgs.length]!,
        no: `UU-${i}`,
        creditCode: null,
        name: `Building ${i}`,
        type: i % 3 ? 'Office' : 'Mall',
        propertyCompanyId: demo.companies.property!,
        region: REGIONS[i % REGIONS.length]!,
        address: `${i} Bench Road`,
        longitude: 121,
        latitude: 31,
        contact: null,
        contactPhone: null,
        owner: 'Owner',
        createTime: now,
        updateTime: now,
      };
    });
    await store.db.insertInto('useUnits').values(batch).execute();
  }
}
