import { ApiError, ENTITIES, type Language } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

const validUser = {
  username: 'valid_user',
  password: 'Passw0rdX',
  name: 'Valid',
  phone: '13512345678',
  userType: 2,
  roleIds: [] as number[],
  maintainer: false,
};

describe.each(DIALECTS)('bad input on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const countUsers = async () =>
    Number(
      (
        await s.store.db
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    token = tokenOf(await s.login('admin'));
  });
  afterAll(async () => s?.close());

  const post = (path: string, body: string, language: Language = 'en-US', contentType = 'application/json') =>
    s.fetch(path, { method: 'POST', token, language, headers: { 'content-type': contentType }, body });

  const errorsOf = (r: { body: Record<string, unknown> }) =>
    (r.body.data as { errors?: { field: string; rule: string; message: string }[] }).errors ?? [];

  it('refuses malformed JSON and writes nothing', async () => {
    const before = await countUsers();
    const r = await post('users', '{"username": "x",');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The request body is not valid JSON');
    expect((await post('users', '{"username": ', 'zh-CN')).body.message).toBe('请求体不是有效的JSON');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    expect((await post('users', 'username=x', 'en-US', 'application/x-www-form-urlencoded')).status).toBe(415);
    const arr = await post('users', '[1,2]');
    expect(arr.status).toBe(400);
  });

  it('names each unknown field, wrong type and over-long string, in each language', async () => {
    const body = JSON.stringify({ ...validUser, isAdmin: true, userType: 'two', name: 'x'.repeat(51) });
    const en = await post('users', body);
    expect(en.status).toBe(400);
    const byField = Object.fromEntries(errorsOf(en).map((e) => [e.field, e]));
    expect(byField.isAdmin?.message).toBe('isAdmin: unknown field');
    expect(byField.userType?.message).toBe('User type: must be a whole number');
    expect(byField.name?.message).toBe('Name: at most 50 characters');
    const zh = errorsOf(await post('users', body, 'zh-CN'));
    expect(zh.find((e) => e.field === 'name')?.message).toBe('姓名：最多50个字符');
    const it = errorsOf(await post('users', body, 'it-Italy'));
    expect(it.find((e) => e.field === 'userType')?.message).toBe('Tipo utente: deve essere un numero intero');
  });

  it('applies every user rule with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', 'Username: 4 to 25 characters of letters, digits, @, dot and underscore'],
      [{ username: 'bad name!' }, 'username', 'Username: 4 to 25 characters of letters, digits, @, dot and underscore'],
      [
        { password: 'alllowercase1' },
        'password',
        'Password: 8 to 30 characters with upper case, lower case and digits',
      ],
      [{ password: 'Short1' }, 'password', 'Password: 8 to 30 characters with upper case, lower case and digits'],
      [{ phone: '23512345678' }, 'phone', 'Phone: must be 11 digits starting with 1'],
      [{ phone: '1351234567' }, 'phone', 'Phone: must be 11 digits starting with 1'],
      [{ mail: 'not-an-address' }, 'mail', 'E-mail: must be a valid e-mail address'],
      [{ name: '' }, 'name', 'Name: cannot be empty'],
      [{ userType: 5 }, 'userType', 'User type: must be one of 0, 1, 2, 3, 4, 9'],
      [{ username: 'superAdmin' }, 'username', 'Username: this name is reserved'],
      [{ username: 'admin' }, 'username', 'Username: this name is reserved'],
    ];
    const before = await countUsers();
    for (const [patch, field, message] of cases) {
      const r = await post('users', JSON.stringify({ ...validUser, ...patch }));
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(errorsOf(r).find((e) => e.field === field)?.message, JSON.stringify(patch)).toBe(message);
    }
    const missing = errorsOf(await post('users', JSON.stringify({ username: 'only_name' })));
    expect(missing.map((e) => e.field).sort()).toEqual([
      'maintainer',
      'name',
      'password',
      'phone',
      'roleIds',
      'userType',
    ]);
    expect(missing.every((e) => e.message.endsWith('cannot be empty'))).toBe(true);
    expect(await countUsers()).toBe(before);
  });

  it('answers 409 for a duplicate username and keeps the first', async () => {
    expect((await post('users', JSON.stringify({ ...validUser, username: 'dupe_user' }))).status).toBe(200);
    const r = await post('users', JSON.stringify({ ...validUser, username: 'dupe_user', phone: '13598765432' }));
    expect(r.status).toBe(409);
    expect(errorsOf(r)[0]?.message).toBe('Username: dupe_user is already in use');
    const rows = await s.store.db.selectFrom('users').select('phone').where('username', '=', 'dupe_user').execute();
    expect(rows).toEqual([{ phone: '13512345678' }]);
  });

  it('refuses page sizes outside 20, 30, 50, 100, 200 and bad page numbers', async () => {
    for (const size of ['25', '0', '201', 'ten', '-20']) {
      const r = await s.fetch(`companies?pageSize=${size}`, { token });
      expect(r.status, size).toBe(400);
      expect(r.body.message, size).toBe('Page size: must be one of 20, 30, 50, 100, 200');
    }
    expect((await s.fetch('companies?pageSize=30', { token })).status).toBe(200);
    expect((await s.fetch('companies?pageNo=0', { token })).body.message).toBe('Page number: must be at least 1');
    expect((await s.fetch('companies?pageSize=25', { token, language: 'zh-CN' })).body.message).toBe(
      '每页条数：必须是20、30、50、100、200之一',
    );
  });

  it('treats SQL metacharacters as plain text in filters and bodies', async () => {
    const admin = await s.login('admin');
    const hostile = "x'; DROP TABLE companies; --";
    const list = await admin.entities.company.list({ name: hostile });
    expect(list.total).toBe(0);
    const percent = await admin.entities.company.list({ name: '%' });
    expect(percent.total).toBe(0);
    const created = await admin.entities.qualityBody.save({ no: "Q'1", name: hostile, region: 'R"1', address: '\\' });
    expect((await admin.entities.qualityBody.get(created.id)).name).toBe(hostile);
    expect((await admin.entities.company.list({ pageSize: 100 })).total).toBeGreaterThan(5);
  });

  it('answers 404 with the same message for a missing id and another tenant’s id', async () => {
    const coastal = await s.login('coastaladmin');
    const other = await coastal.entities.useUnit.list();
    const otherId = other.records[0]?.id ?? 0;
    const a = await s.fetch(`useUnits/${otherId}`, { token });
    const b = await s.fetch('useUnits/999999', { token });
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(a.body).toEqual(b.body);
    expect((await s.fetch('useUnits/abc', { token })).body.message).toBe('ID: must be a whole number');
  });

  it('validates every entity the same way the client does', async () => {
    // The client's checker and the server agree on a body that is wrong for every entity.
    const { validateInput } = await import('@liftcloud/client');
    for (const def of Object.values(ENTITIES)) {
      const local = validateInput(def as never, { surelyUnknown: 1 }, 'create');
      expect(
        local.some((i) => i.field === 'surelyUnknown' && i.rule === 'validation.unknownField'),
        def.name,
      ).toBe(true);
    }
    const admin = await s.login('admin');
    const e = await admin.entities.company.save({ no: '', name: 'n', type: 2 } as never).catch((err: ApiError) => err);
    expect((e as ApiError).fieldErrors).toEqual([
      { field: 'no', rule: 'validation.required', message: 'Company no.: cannot be empty' },
    ]);
  });

  it('refuses unknown fields, wrong types and over-long text on every writable entity route, writing nothing', async () => {
    const { EXPOSED } = await import('../../packages/server/src/tables/index.js');
    const rootToken = tokenOf(await s.login('superAdmin'));
    let routes = 0;
    for (const { table, readOnly, write } of EXPOSED) {
      if (readOnly) continue;
      const { entity } = table;
      const superOnly = write === 'superAdmin';
      const text = Object.entries(entity.fields).find(
        ([, f]) =>
          f.kind === 'text' && !f.readOnly && f.schema.maxLength !== undefined && !('x-exact-length' in f.schema),
      );
      const numeric = Object.entries(entity.fields).find(
        ([, f]) => ['int', 'enum', 'number', 'ref'].includes(f.kind) && !f.readOnly,
      );
      const body: Record<string, unknown> = { notAField: 1 };
      if (text) body[text[0]] = 'x'.repeat(Number(text[1].schema.maxLength) + 1);
      if (numeric) body[numeric[0]] = 'not a number';
      const before = await s.store.db
        .selectFrom(table.table as never)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      for (const method of ['POST', 'PUT'] as const) {
        const r = await s.fetch(entity.path, {
          method,
          token: superOnly ? rootToken : token,
          language: 'it-Italy',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(method === 'PUT' ? { ...body, id: 1 } : body),
        });
        expect(r.status, `${method} ${entity.path}`).toBe(400);
        const fields = errorsOf(r).map((e) => e.field);
        expect(fields, `${method} ${entity.path}`).toContain('notAField');
        if (text)
          expect(errorsOf(r).find((e) => e.field === text[0])?.message).toBe(
            `${text[1].label['it-Italy']}: al massimo ${String(text[1].schema.maxLength)} caratteri`,
          );
        if (numeric) expect(fields).toContain(numeric[0]);
        routes++;
      }
      const after = await s.store.db
        .selectFrom(table.table as never)
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number((after as { n: number }).n)).toBe(Number((before as { n: number }).n));
    }
    expect(routes).toBeGreaterThanOrEqual(16);
  });

  it('refuses a request larger than the body limit', async () => {
    const r = await post(
      'qualityBodies',
      JSON.stringify({ no: 'big', name: 'x'.repeat(1_100_000), region: 'r', address: 'a' }),
    );
    expect(r.status).toBe(413);
  });
});
