import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED } from '../../packages/server/src/tables/index.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';
import { form, readXlsx, xlsx } from '../support/xlsx.js';

const dtu = (n: number) => String(14_000_000_000 + n);

describe.each(DIALECTS)('xlsx export (%s)', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;

  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { exportMaxRows: 20 } });
    admin = await s.login('admin');
    token = tokenOf(admin);
    const file = await xlsx([
      ['Elevator name', 'Register code', 'Elevator type', 'DTU number', 'Use unit', 'Access date'],
      ...Array.from({ length: 6 }, (_, i) => [
        `Export ${i}`,
        `EX-${i}`,
        i % 2 ? 'Escalator' : 'Traction passenger',
        dtu(i),
        'Harbour Mall',
        '2024-03-0' + (i + 1),
      ]),
    ]);
    const r = await s.fetch('netApplies/import', {
      method: 'POST',
      token,
      body: form({ name: 'a.xlsx', bytes: file }),
    });
    expect(r.status).toBe(200);
  });
  afterAll(async () => s?.close());

  const download = async (path: string, language: 'en-US' | 'zh-CN' = 'en-US', t = token) => {
    const res = await fetch(`${s.apiBase}/${path}`, {
      headers: { authorization: `Bearer ${t}`, 'accept-language': language },
    });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('gives a real xlsx whose rows read back equal to the list, filters applied', async () => {
    const r = await download('netApplies/export?elevatorName=Export&createSource=2');
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const [header, ...rows] = await readXlsx(r.bytes);
    expect(header).toEqual([
      'ID',
      'Elevator name',
      'Register code',
      'Factory no.',
      'Elevator type',
      'DTU number',
      'Use unit',
      'Address',
      'Maintenance company',
      'Access date',
      'Create source',
      'Review status',
      'Generated',
      'Generated elevator',
      'Created',
    ]);
    const list = await admin.entities.netApply.list({ elevatorName: 'Export', pageSize: 100 });
    expect(rows).toHaveLength(list.total);
    expect(rows.length).toBe(6);
    const col = (name: string) => header!.indexOf(name);
    list.records.forEach((rec, i) => {
      const row = rows[i]!;
      expect(row[col('ID')]).toBe(rec.id);
      expect(row[col('Elevator name')]).toBe(rec.elevatorName);
      expect(row[col('DTU number')]).toBe(rec.dtuCode);
      expect(row[col('Elevator type')]).toBe(rec.elevatorType === 6 ? 'Escalator' : 'Traction passenger');
      expect(row[col('Access date')]).toBe(rec.accessDate);
      expect(row[col('Create source')]).toBe('Web import');
      expect(row[col('Generated')]).toBe('No');
      expect(row[col('Created')]).toBe(rec.createTime);
    });
    const one = await download(`netApplies/export?dtuCode=${dtu(3)}`);
    expect((await readXlsx(one.bytes)).length).toBe(2);
  });

  it('labels the columns and values in the request language, and re-imports as a repeat', async () => {
    const r = await download('netApplies/export?elevatorName=Export', 'zh-CN');
    const [header, first] = await readXlsx(r.bytes);
    expect(header!.slice(0, 3)).toEqual(['编号', '电梯名称', '注册代码']);
    expect(first![header!.indexOf('电梯类型')]).toMatch(/自动扶梯|曳引式客梯/);
    expect(first![header!.indexOf('已生成')]).toBe('否');
    // The export's extra columns (id, read-only fields, times) are known to the import and skipped.
    const again = await s.fetch('netApplies/import', {
      method: 'POST',
      token,
      body: form({ name: 'e.xlsx', bytes: r.bytes }),
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: 0, skipped: 6 });
  });

  it('through the client package', async () => {
    const { blob, fileName } = await admin.exports.download('netApply', { elevatorName: 'Export 1' });
    expect(fileName).toMatch(/^netApplies-\d{8}-\d{6}\.xlsx$/);
    const rows = await readXlsx(Buffer.from(await blob.arrayBuffer()));
    expect(rows[1]![1]).toBe('Export 1');
    expect(admin.exports.url('elevator', { name: 'A' })).toBe(`${s.apiBase}/elevators/export?name=A`);
  });

  it('keeps to the caller tenant and permission', async () => {
    const coastal = tokenOf(await s.login('coastaladmin'));
    const theirs = await download('netApplies/export', 'en-US', coastal);
    expect(theirs.status).toBe(200);
    expect(await readXlsx(theirs.bytes)).toHaveLength(1); // the header only
    const general = tokenOf(await s.login('general'));
    expect((await download('netApplies/export', 'en-US', general)).status).toBe(403);
    expect((await fetch(`${s.apiBase}/netApplies/export`)).status).toBe(401);
  });

  it('exists for every entity with a list', async () => {
    const root = tokenOf(await s.login('superAdmin'));
    for (const { table } of EXPOSED) {
      const r = await download(`${table.entity.path}/export`, 'en-US', root);
      expect(r.status, table.entity.path).toBe(200);
      const [header] = await readXlsx(r.bytes);
      expect(header![0]).toBe('ID');
    }
  });
  it('refuses bad filters and selections over the cap', async () => {
    expect((await download('netApplies/export?createSource=abc')).status).toBe(400);
    const file = await xlsx([
      ['Elevator name', 'Register code', 'Elevator type', 'DTU number', 'Use unit'],
      ...Array.from({ length: 20 }, (_, i) => [`Many ${i}`, `M-${i}`, 1, dtu(100 + i), 'U']),
    ]);
    const imported = await s.fetch('netApplies/import', {
      method: 'POST',
      token,
      body: form({ name: 'a.xlsx', bytes: file }),
    });
    expect(imported.body.data).toMatchObject({ created: 20 });
    const r = await fetch(`${s.apiBase}/netApplies/export`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { message: string }).message).toBe(
      '26 records match; at most 20 can be exported at once, narrow the filters',
    );
  });
});
