import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

/** Debug personnel (domain.md §3, §5): user, debug level, password expiry, contract numbers comma separated. */
describe.each(DIALECTS)('debug personnel on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
  });
  afterAll(async () => s?.close());

  it('keeps user, level, password expiry and contract numbers, and lists them with the user’s name', async () => {
    const saved = await admin.entities.debugPersonnel.save({
      userId: s.demo.users.companyadmin!,
      debugLevel: 3,
      passwordExpiry: '2031-06-30',
      contractNos: 'HT-2026-01, HT-2026-02',
    });
    expect(saved).toMatchObject({ debugLevel: 3, passwordExpiry: '2031-06-30', contractNos: 'HT-2026-01, HT-2026-02' });
    expect(saved.userName).toBeTruthy();
    const list = await admin.entities.debugPersonnel.list({ debugLevel: 3 });
    expect(list.records.map((r) => r.id)).toContain(saved.id);
    const edited = await admin.entities.debugPersonnel.save({ id: saved.id, contractNos: 'HT-2027-01' });
    expect(edited.contractNos).toBe('HT-2027-01');
  });

  it('refuses each missing field and an empty contract number, naming the field in the request’s language', async () => {
    const missing = await failure(admin.entities.debugPersonnel.save({ contractNos: 'A-1' } as never));
    expect(missing.status).toBe(400);
    for (const label of ['User', 'Debug level', 'Password expiry']) expect(missing.message).toContain(label);
    const body = {
      userId: s.demo.users.general!,
      debugLevel: 1,
      passwordExpiry: '2030-01-01',
      contractNos: 'A-1,,A-3',
    };
    const en = await failure(admin.entities.debugPersonnel.save(body));
    expect(en.status).toBe(400);
    expect(en.message).toBe('Contract numbers: contract numbers separated by commas, none empty');
    for (const [language, text] of [
      ['zh-CN', '合同编号：合同编号以逗号分隔，不能为空'],
      ['it-Italy', 'Numeri di contratto: numeri di contratto separati da virgole, nessuno vuoto'],
    ] as const) {
      const r = await s.fetch('debugPersonnel', {
        method: 'POST',
        token: admin.session.get()!.token,
        language,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(text);
    }
    const level = await failure(admin.entities.debugPersonnel.save({ ...body, contractNos: 'A-1', debugLevel: 9 }));
    expect(level.message).toContain('Debug level');
    // one row per user
    await admin.entities.debugPersonnel.save({ ...body, contractNos: 'A-1' });
    const twice = await failure(admin.entities.debugPersonnel.save({ ...body, contractNos: 'A-2' }));
    expect(twice.status).toBe(409);
  });

  it('keeps tenants apart and needs index 880', async () => {
    const coastal = await s.login('coastaladmin');
    const ours = (await admin.entities.debugPersonnel.list({})).records[0]!;
    expect((await coastal.entities.debugPersonnel.list({})).records).toEqual([]);
    expect((await failure(coastal.entities.debugPersonnel.get(ours.id))).status).toBe(404);
    expect((await failure(coastal.entities.debugPersonnel.save({ id: ours.id, debugLevel: 1 }))).status).toBe(404);
    expect((await failure(coastal.entities.debugPersonnel.remove(ours.id))).status).toBe(404);
    // a user of another tenant cannot be made one of ours
    const foreign = await failure(
      admin.entities.debugPersonnel.save({
        userId: s.demo.users.coastal!,
        debugLevel: 1,
        passwordExpiry: '2030-01-01',
        contractNos: 'X-1',
      }),
    );
    expect(foreign.status).toBe(400);
    // companyuser's role has no 880
    const worker = await s.login('companyuser');
    expect((await failure(worker.entities.debugPersonnel.list({}))).status).toBe(403);
    expect((await admin.entities.debugPersonnel.get(ours.id)).id).toBe(ours.id);
  });
});
