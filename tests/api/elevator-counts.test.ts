import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFleet } from '../../packages/server/src/seed/demo-fleet.js';
import type { LooseDB } from '../../packages/server/src/store/repository.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/**
 * The elevator count column of the company and use-unit lists (issue 20: blank on every list): computed on the
 * list as on a record, the tenant's own elevators only.
 */
describe.each(DIALECTS)('elevator counts on company and use-unit lists (%s)', (dialect) => {
  let s: TestServer;
  let db: Kysely<LooseDB>;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    db = s.store.db as unknown as Kysely<LooseDB>;
    await seedDemoFleet(s.store.db, s.demo, Date.now());
    // a row another tenant's import could leave behind: a Coastal lift naming Demo companies and a Demo use
    // unit (the API refuses such references; the count must not trust that alone)
    const unit = await db.selectFrom('useUnits').select('id').where('no', '=', 'UU-001').executeTakeFirstOrThrow();
    const now = Date.now();
    await db
      .insertInto('elevators')
      .values({
        tenantId: s.demo.tenants.coastal,
        orgId: s.demo.companies.coastalRoot,
        name: 'Coastal stray lift',
        elevatorType: 1,
        useStatus: 1,
        useUnitId: unit.id,
        maintenanceCompanyId: s.demo.companies.maintenance,
        manufacturerId: s.demo.companies.manufacturer,
        createTime: now,
        updateTime: now,
      })
      .execute();
  });
  afterAll(async () => s?.close());

  /** The demo tenant's elevators a row names in any of these columns. */
  const expected = async (columns: string[], id: number) =>
    (
      await db
        .selectFrom('elevators')
        .select('id')
        .where('tenantId', '=', s.demo.tenants.demo)
        .where((eb) => eb.or(columns.map((c) => eb(c, '=', id))))
        .execute()
    ).length;

  it('lists each use unit with its elevators, none of another tenant', async () => {
    const admin = await s.login('admin');
    const page = await admin.entities.useUnit.list({ pageSize: 100 });
    expect(page.records.length).toBeGreaterThanOrEqual(5);
    for (const unit of page.records) expect(unit.elevatorCount).toBe(await expected(['useUnitId'], unit.id));
    expect(page.records.find((u) => u.no === 'UU-001')?.elevatorCount).toBe(10);
    expect(page.records.filter((u) => (u.elevatorCount ?? 0) > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('lists each company with the elevators it holds in any role, none of another tenant', async () => {
    const admin = await s.login('admin');
    const page = await admin.entities.company.list({ pageSize: 100 });
    const columns = [
      'orgId',
      'propertyCompanyId',
      'maintenanceCompanyId',
      'manufacturerId',
      'installationCompanyId',
      'modificationCompanyId',
    ];
    for (const company of page.records)
      expect(company.elevatorCount, company.name).toBe(await expected(columns, company.id));
    const byNo = (no: string) => page.records.find((c) => c.no === no)?.elevatorCount;
    expect(byNo('DEG-MF')).toBe(38);
    expect(byNo('DEG-MT')).toBe(18);
    expect(byNo('DEG-MT-N')).toBe(20);
    // the users column stays beside it
    expect(page.records.find((c) => c.no === 'DEG-MT')?.userCount).toBe(1);
  });

  it('counts for the other tenant only its own', async () => {
    const coastal = await s.login('coastaladmin');
    const page = await coastal.entities.company.list({ pageSize: 100 });
    expect(page.records.find((c) => c.no === 'CL')?.elevatorCount).toBe(1);
    expect((await coastal.entities.useUnit.list()).records.every((u) => u.elevatorCount === 0)).toBe(true);
  });
});
