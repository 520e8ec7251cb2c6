import { ApiError, ENTITIES, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED, tableOf } from '../../packages/server/src/tables/index.js';
import { referencesOf } from '../../packages/server/src/store/references.js';
import { maintenanceRefs } from '../support/maintenance.js';
import { sampleBody, type SampleRefs } from '../support/samples.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

type Saved = { id: number; revision?: number };

async function refusedFields(p: Promise<unknown>): Promise<string[]> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) return e.fieldErrors.map((f) => f.field);
    throw e;
  }
  return [];
}

/**
 * The reference checks come from the definitions (each ref and id list names its target entity): every reference a
 * caller writes, on every entity, refuses a record of another tenant, on create and on update.
 */
describe.each(DIALECTS)('references derived from the definitions on %s', (dialect) => {
  let s: TestServer;
  let demo: LiftCloudClient;
  let coastal: LiftCloudClient;
  let demoRefs: SampleRefs;
  let n = 500;
  const foreign = new Map<string, number>();

  /** A record of the target entity in the other tenant (Coastal Lifts), made once per target. */
  async function foreignRecord(target: string): Promise<number> {
    const known = foreign.get(target);
    if (known) return known;
    const body = sampleBody(target, n++, { companyId: s.demo.companies.coastalRoot });
    const saved = (await coastal.crud<Saved>(tableOf(target).entity.path).save(body as never)) as Saved;
    foreign.set(target, saved.id);
    return saved.id;
  }

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    demo = await s.login('admin');
    coastal = await s.login('coastaladmin');
    const lift = (await demo.entities.elevator.save(
      sampleBody('elevator', n++, {
        companyId: s.demo.companies.maintenance,
        userId: s.demo.users.companyuser,
      }) as never,
    )) as Saved;
    const card = (await demo.entities.programCard.save({ name: 'Refs card' })) as Saved;
    demoRefs = {
      companyId: s.demo.companies.maintenance,
      elevatorId: lift.id,
      programCardId: card.id,
      userId: s.demo.users.companyuser,
      useUnitId: (
        await demo.entities.useUnit.save({
          name: 'Refs unit',
          region: 'Suzhou',
          longitude: 120.5,
          latitude: 31.3,
          owner: 'Owner',
        })
      ).id,
      ...(await maintenanceRefs(s, demo, {
        companyId: s.demo.companies.maintenance!,
        elevatorId: lift.id,
        workerId: s.demo.users.companyuser!,
      })),
    };
    // the other tenant's maintenance order (a spot check's reference) needs its own lift, type and worker
    const coastalLift = (await coastal.entities.elevator.save(
      sampleBody('elevator', n++, { companyId: s.demo.companies.coastalRoot }) as never,
    )) as Saved;
    const coastalWorker = (await coastal.entities.user.list({ pageSize: 20 })).records[0]!.id;
    const coastalRefs = await maintenanceRefs(s, coastal, {
      companyId: s.demo.companies.coastalRoot!,
      elevatorId: coastalLift.id,
      workerId: coastalWorker,
    });
    foreign.set('maintenanceOrder', coastalRefs.maintenanceOrderId);
    foreign.set('maintenanceType', coastalRefs.maintenanceTypeId);
    // the other tenant's supervision template (a record's reference) names a use unit of its own
    const coastalUnit = (await coastal.entities.useUnit.save({
      name: 'Coastal unit',
      region: 'Suzhou',
      longitude: 120.5,
      latitude: 31.3,
      owner: 'Owner',
    })) as Saved;
    const coastalTemplate = (await coastal.entities.supervisionTemplate.save(
      sampleBody('supervisionTemplate', n++, {
        companyId: s.demo.companies.coastalRoot!,
        useUnitId: coastalUnit.id,
      }) as never,
    )) as Saved;
    foreign.set('supervisionTemplate', coastalTemplate.id);
  });
  afterAll(async () => s?.close());

  it('refuses a reference to another tenant’s record on every writable reference, create and update', async () => {
    let checked = 0;
    for (const { table, readOnly, write } of EXPOSED) {
      if (readOnly || write === 'superAdmin') continue;
      const name = table.entity.name as keyof typeof ENTITIES;
      const calls = demo.crud<Saved>(table.entity.path);
      for (const reference of referencesOf(table)) {
        const target = table.entity.fields[reference.field]!.target!;
        const id = await foreignRecord(target);
        const value = reference.many ? [id] : id;
        const label = `${name}.${reference.field} → ${target}`;

        const body = { ...sampleBody(name, n++, demoRefs), [reference.field]: value };
        expect(await refusedFields(calls.save(body as never)), `${label} on create`).toContain(reference.field);

        const created = (await calls.save(sampleBody(name, n++, demoRefs) as never)) as Saved;
        const patch = { id: created.id, revision: created.revision, [reference.field]: value };
        expect(await refusedFields(calls.save(patch as never)), `${label} on update`).toContain(reference.field);
        const stored = (await calls.get(created.id)) as Record<string, unknown>;
        expect(stored[reference.field], `${label} kept`).not.toEqual(value);
        checked++;
      }
    }
    // every reference of the registry and identity: companies, use units, users, roles, elevators, templates, ...
    expect(checked).toBeGreaterThan(25);
  });

  it('lets a related company be any company of the tenant, and other company references only the caller’s', async () => {
    const manager = await s.login('companyadmin'); // Swift Lift Maintenance and its north branch
    const outside = s.demo.companies.property; // Green Park Property: the tenant's, not the manager's organisation
    const lift = await manager.entities.elevator.save({
      ...(sampleBody('elevator', n++, { companyId: s.demo.companies.maintenance }) as never),
      propertyCompanyId: outside,
    });
    expect(lift.propertyCompanyId).toBe(outside);
    const user = sampleBody('user', n++, { companyId: outside });
    expect(await refusedFields(manager.entities.user.save(user as never))).toEqual(['companyId']);
    expect(
      await refusedFields(
        manager.entities.elevator.save({
          id: lift.id,
          revision: lift.revision,
          propertyCompanyId: s.demo.companies.coastalRoot,
        } as never),
      ),
    ).toEqual(['propertyCompanyId']);
  });

  it('counts the elevators of a use unit and of each company that holds them', async () => {
    const unit = await demo.entities.useUnit.save(sampleBody('useUnit', n++, demoRefs) as never);
    const company = await demo.entities.company.save(
      sampleBody('company', n++, { companyId: s.demo.companies.demoRoot }) as never,
    );
    expect(unit.elevatorCount).toBe(0);
    expect(company.elevatorCount).toBe(0);
    await demo.entities.elevator.save({
      ...(sampleBody('elevator', n++, demoRefs) as never),
      useUnitId: unit.id,
      installationCompanyId: company.id,
    });
    await demo.entities.elevator.save({
      ...(sampleBody('elevator', n++, demoRefs) as never),
      manufacturerId: company.id,
    });
    expect((await demo.entities.useUnit.get(unit.id)).elevatorCount).toBe(1);
    expect((await demo.entities.company.get(company.id)).elevatorCount).toBe(2);
  });

  it('reads each name field through its reference', async () => {
    const role = await demo.entities.role.save({
      name: 'Names',
      permissions: [110],
      companyId: s.demo.companies.maintenance,
    });
    expect(role.companyName).toBe('Swift Lift Maintenance');
    const units = await demo.entities.useUnit.list({ pageSize: 200 });
    const withProperty = units.records.find((u) => u.propertyCompanyId !== null);
    expect(withProperty?.propertyCompanyName).toEqual(expect.any(String));
  });
});
