import { ApiError, patchOf, useUnit, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** The API error a call ends with (a test fails when it succeeds). */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiError);
  return outcome as ApiError;
}

describe.each(DIALECTS)('updates send what changed and carry the revision they read, on %s', (dialect) => {
  let s: TestServer;
  let one: LiftCloudClient;
  let two: LiftCloudClient;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    one = await s.login('admin');
    two = await s.login('admin');
  });
  afterAll(async () => s?.close());

  const newUseUnit = (name: string) =>
    one.entities.useUnit.save({
      name,
      region: `Region-${name}`,
      owner: `Owner-${name}`,
      longitude: 121.4,
      latitude: 31.2,
    });

  it('two operators read one record and both save: the second gets 409 and nothing of the first is lost', async () => {
    const created = await newUseUnit('Shared');
    const readByOne = await one.entities.useUnit.get(created.id);
    const readByTwo = await two.entities.useUnit.get(created.id);
    expect(readByOne.revision).toBe(readByTwo.revision);

    const saved = await one.entities.useUnit.save({
      id: created.id,
      revision: readByOne.revision,
      owner: 'Changed by one',
    });
    expect(saved.owner).toBe('Changed by one');
    expect(saved.revision).toBeGreaterThan(readByOne.revision);

    const stale = await refusal(
      two.entities.useUnit.save({ id: created.id, revision: readByTwo.revision, owner: 'Changed by two' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.key).toBe('error.stale');
    expect(stale.message).toMatch(/saved this record after you opened it/);

    const now = await one.entities.useUnit.get(created.id);
    expect(now).toMatchObject({ name: 'Shared', region: 'Region-Shared', owner: 'Changed by one' });
    expect(now.revision).toBe(saved.revision);

    // reading again and saving works, and the revision moves on each save (even within one millisecond)
    const again = await two.entities.useUnit.save({ id: created.id, revision: now.revision, owner: 'Changed by two' });
    const third = await one.entities.useUnit.save({ id: created.id, revision: again.revision, region: 'Moved' });
    expect(third.revision).toBeGreaterThan(again.revision);
    expect(third).toMatchObject({ owner: 'Changed by two', region: 'Moved', name: 'Shared' });
  });

  it('two saves of one revision at the same moment: exactly one lands', async () => {
    const created = await newUseUnit('Race');
    const outcomes = await Promise.allSettled([
      one.entities.useUnit.save({ id: created.id, revision: created.revision, owner: 'first' }),
      two.entities.useUnit.save({ id: created.id, revision: created.revision, owner: 'second' }),
    ]);
    const landed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(landed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(((refused[0] as PromiseRejectedResult).reason as ApiError).status).toBe(409);
    const stored = await one.entities.useUnit.get(created.id);
    expect(stored.owner).toBe((landed[0] as PromiseFulfilledResult<{ owner: string }>).value.owner);
  });

  it('a patch changes only the fields it names; the others keep what is stored', async () => {
    const created = await newUseUnit('Partial');
    // someone else changes the region in between; this patch names only the owner and carries no revision
    await two.entities.useUnit.save({ id: created.id, region: 'Elsewhere' });
    const saved = await one.entities.useUnit.save({ id: created.id, owner: 'Only the owner' });
    expect(saved).toMatchObject({ name: 'Partial', region: 'Elsewhere', owner: 'Only the owner', latitude: 31.2 });
    // the client's patch of a form's values holds only what differs
    const before = { ...created };
    const after = { ...created, owner: 'X', region: created.region };
    expect(patchOf(useUnit, before, after, { id: created.id, revision: 7 })).toEqual({
      id: created.id,
      revision: 7,
      owner: 'X',
    });
  });

  it('a patch cannot empty a required field, names it, and leaves the record as it was', async () => {
    const created = await newUseUnit('Required');
    const emptied = await refusal(one.entities.useUnit.save({ id: created.id, name: '' }));
    expect(emptied.status).toBe(400);
    expect(emptied.fieldErrors).toEqual([expect.objectContaining({ field: 'name', rule: 'validation.required' })]);
    const nulled = await refusal(one.entities.useUnit.save({ id: created.id, owner: null as unknown as string }));
    expect(nulled.fieldErrors.map((e) => e.field)).toEqual(['owner']);
    expect(await one.entities.useUnit.get(created.id)).toMatchObject({ name: 'Required', owner: 'Owner-Required' });
  });

  it('cross-field rules judge the stored record with the patch on top', async () => {
    const lift = await one.entities.elevator.save({
      name: 'Identity lift',
      factoryNo: 'F-IDENT-1',
      elevatorType: 1,
      useStatus: 1,
    });
    // naming only the name keeps the stored factory number or register code: no identity complaint
    const renamed = await one.entities.elevator.save({ id: lift.id, name: `${lift.name} (renamed)` });
    expect(renamed.name).toBe(`${lift.name} (renamed)`);
    // emptying both codes through a patch is still refused, naming the rule
    const both = await refusal(one.entities.elevator.save({ id: lift.id, factoryNo: null, registerCode: null }));
    expect(both.fieldErrors).toEqual([
      expect.objectContaining({ field: 'factoryNo', rule: 'rule.factoryNoOrRegisterCode' }),
    ]);
  });

  it("another tenant's record is a 404 whatever revision a patch carries", async () => {
    const created = await newUseUnit('Tenant');
    const coastal = await s.login('coastaladmin');
    const other = await refusal(
      coastal.entities.useUnit.save({ id: created.id, revision: created.revision, owner: 'x' }),
    );
    expect(other.status).toBe(404);
    expect((await one.entities.useUnit.get(created.id)).owner).toBe('Owner-Tenant');
  });
});
