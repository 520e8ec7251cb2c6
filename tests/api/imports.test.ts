import type { LiftCloudClient } from '@liftcloud/client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS } from '../../packages/server/src/services/xlsx/limits.js';
import { parseWorkbook } from '../../packages/server/src/services/xlsx/parse.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';
import { form, xlsx, zipBomb, type Cell } from '../support/xlsx.js';

type RowError = { row: number; column: string; field: string; rule: string; message: string };
type Answer = { status: number; body: { code?: number; message?: string; data?: Record<string, unknown> } };

/** Rows above this are refused: small here so the test needs no giant sheet (the default is 200,000). */
const MAX_ROWS = 50;
/** Rows per batch from the reader to the store step: small, so files here cross several batches. */
const BATCH_ROWS = 4;

const HEADER_EN: Cell[] = [
  'Elevator name',
  'Register code',
  'Factory no.',
  'Elevator type',
  'DTU number',
  'Use unit',
  'Access date',
];
const HEADER_MIXED: Cell[] = [
  '电梯名称',
  'Register code',
  'Numero di fabbrica',
  'elevatorType',
  'DTU编号',
  'Use unit',
  '入网日期',
];

const dtu = (n: number) => String(13_000_000_000 + n);

describe.each(DIALECTS)('xlsx import (%s)', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let token: string;
  let tenantId: number;

  const upload = async (
    bytes: Buffer,
    opts: { name?: string; language?: 'en-US' | 'zh-CN'; query?: string; entity?: string } = {},
  ) =>
    (await s.fetch(`${opts.entity ?? 'netApplies'}/import${opts.query ?? ''}`, {
      method: 'POST',
      token,
      language: opts.language ?? 'en-US',
      body: form({ name: opts.name ?? 'apply.xlsx', bytes }),
    })) as Answer;

  const count = async (table = 'net_applies') => {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(s.store.db);
    return Number(r.rows[0]?.n ?? 0);
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect, app: { importLimits: { maxRows: MAX_ROWS, batchRows: BATCH_ROWS } } });
    admin = await s.login('admin');
    token = tokenOf(admin);
    tenantId = s.demo.tenants.demo;
  });
  afterAll(async () => s?.close());

  const good = (from: number, n: number, header = HEADER_EN): Promise<Buffer> =>
    xlsx([
      header,
      ...Array.from({ length: n }, (_, i): Cell[] => [
        `Apply ${from + i}`,
        `RC-${from + i}`,
        null,
        i % 2 ? 'Escalator' : '曳引式客梯',
        dtu(from + i),
        'Harbour Mall',
        new Date(Date.UTC(2024, 0, 1 + i)),
      ]),
    ]);

  it('imports a good file: every row, as web import, in one go; headers in any language', async () => {
    const before = await count();
    const r = await upload(await good(0, 12, HEADER_MIXED));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ created: 12, skipped: 0, total: 12, dryRun: false });
    expect(await count()).toBe(before + 12);
    const page = await admin.entities.netApply.list({ dtuCode: dtu(1) });
    expect(page.records[0]).toMatchObject({
      elevatorName: 'Apply 1',
      registerCode: 'RC-1',
      elevatorType: 6,
      useUnitName: 'Harbour Mall',
      accessDate: '2024-01-02',
      createSource: 2,
      status: 0,
    });
    // The list total is not the stale cached one.
    expect((await admin.entities.netApply.list({ elevatorName: 'Apply ' })).total).toBe(12);
  });

  it('re-importing the same file creates nothing new', async () => {
    const file = await good(100, 5);
    expect((await upload(file)).body.data).toMatchObject({ created: 5, skipped: 0 });
    const before = await count();
    const again = await upload(file, { language: 'zh-CN' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ created: 0, skipped: 5, total: 5, dryRun: false });
    expect(again.body.message).toBe('导入0条，跳过已存在的5条');
    expect(await count()).toBe(before);
  });

  it('a dry run checks and counts without writing', async () => {
    const before = await count();
    const r = await upload(await good(200, 3), { query: '?dryRun=true' });
    expect(r.body.data).toEqual({ created: 3, skipped: 0, total: 3, dryRun: true });
    expect(await count()).toBe(before);
  });

  describe('bad rows are each reported with row, column and reason, and nothing is written', () => {
    let file: Buffer;
    beforeAll(async () => {
      // A DTU number another tenant holds.
      const coastal = await s.login('coastaladmin');
      await coastal.entities.netApply.save({
        elevatorName: 'Coastal',
        registerCode: 'C-1',
        elevatorType: 1,
        dtuCode: dtu(900),
        useUnitName: 'Pier',
      } as never);
      file = await xlsx([
        HEADER_EN,
        ['Fine', 'RC-300', null, 'Traction passenger', dtu(300), 'Unit', null], // row 2: good
        [null, 'RC-301', null, 'Escalator', dtu(301), 'Unit', null], // 3: missing required
        ['Bad DTU', 'RC-302', null, 'Escalator', '123', 'Unit', null], // 4: bad DTU
        ['Bad type', 'RC-303', null, 'Spaceship', dtu(303), 'Unit', null], // 5: bad enum
        ['Twin', 'RC-304', null, 'Escalator', dtu(300), 'Unit', null], // 6: duplicate in the file
        ['Changed', 'RC-0', null, 'Traction passenger', dtu(0), 'Unit', null], // 7: in the store, other values
        ['Theirs', 'RC-306', null, 'Escalator', dtu(900), 'Unit', null], // 8: held by another tenant
        ['x'.repeat(101), 'RC-307', null, 'Escalator', dtu(307), 'Unit', null], // 9: over-long cell
        [null, null, null, null, null, null, null], // a blank line is skipped
      ]);
    });

    const expected = {
      'en-US': [
        [3, 'Elevator name', 'Elevator name: cannot be empty'],
        [4, 'DTU number', 'DTU number: the DTU number must be 11 digits'],
        [5, 'Elevator type', 'Elevator type: must be one of 1 Traction passenger, 2 Traction freight'],
        [6, 'DTU number', `DTU number: ${dtu(300)} appears more than once in the file (also row 2)`],
        [
          7,
          'DTU number',
          `DTU number: ${dtu(0)} already exists with other values in Elevator name, Use unit, Access date`,
        ],
        [8, 'DTU number', `DTU number: ${dtu(900)} is already in use`],
        [9, 'Elevator name', 'Elevator name: at most 100 characters'],
      ],
      'zh-CN': [
        [3, '电梯名称', '电梯名称：不能为空'],
        [4, 'DTU编号', 'DTU编号：DTU编号必须为11位数字'],
        [5, '电梯类型', '电梯类型：必须是以下之一：1 曳引式客梯, 2 曳引式货梯'],
        [6, 'DTU编号', `DTU编号：${dtu(300)}在文件中重复（另见第2行）`],
        [7, 'DTU编号', `DTU编号：${dtu(0)}已存在，但以下列的值不同：电梯名称, 使用单位, 入网日期`],
        [8, 'DTU编号', `DTU编号：${dtu(900)}已被使用`],
        [9, '电梯名称', '电梯名称：最多100个字符'],
      ],
    } as const;

    for (const language of ['en-US', 'zh-CN'] as const)
      it(`in ${language}`, async () => {
        const before = await count();
        const r = await upload(file, { language });
        expect(r.status).toBe(400);
        const data = r.body.data as { key: string; errors: RowError[]; badRows: number; total: number };
        expect(data.key).toBe('import.invalidRows');
        expect(data.badRows).toBe(7);
        expect(data.total).toBe(8);
        expect(data.errors).toHaveLength(7);
        expected[language].forEach(([row, column, message], i) => {
          const e = data.errors[i]!;
          expect(e.row).toBe(row);
          expect(e.column).toBe(column);
          expect(e.message.startsWith(message), `${e.message} starts with ${message}`).toBe(true);
        });
        expect(r.body.message).toMatch(
          language === 'en-US'
            ? /^7 rows have problems; nothing was imported\. Row 3, /
            : /^7行有问题，未导入任何数据。第3行，/,
        );
        expect(await count()).toBe(before);
        expect((await admin.entities.netApply.list({ dtuCode: dtu(300) })).total).toBe(0);
      });

    it('fixed, the same file imports', async () => {
      const fixed = await xlsx([HEADER_EN, ['Fine', 'RC-300', null, 'Traction passenger', dtu(300), 'Unit', null]]);
      expect((await upload(fixed)).body.data).toMatchObject({ created: 1 });
    });
  });

  describe('a problem late in a long file, after earlier batches were stored, leaves nothing written', () => {
    beforeAll(async () => {
      const coastal = await s.login('coastaladmin');
      await coastal.entities.netApply.save({
        elevatorName: 'Coastal late',
        registerCode: 'C-2',
        elevatorType: 1,
        dtuCode: dtu(1950),
        useUnitName: 'Pier',
      } as never);
    });
    const longFile = (from: number, last: Cell[]) =>
      xlsx([
        HEADER_EN,
        ...Array.from({ length: 30 }, (_, i): Cell[] => [
          `Long ${from + i}`,
          `RC-${from + i}`,
          null,
          'Escalator',
          dtu(from + i),
          'Unit',
          null,
        ]),
        last,
      ]);
    const nothingOf = async (from: number, before: number) => {
      expect(await count()).toBe(before);
      expect((await admin.entities.netApply.list({ dtuCode: dtu(from) })).total).toBe(0);
    };

    it('a bad row the file check finds (row 32)', async () => {
      const before = await count();
      const r = await upload(await longFile(1000, ['Late', 'RC-1099', null, 'Spaceship', dtu(1099), 'Unit', null]));
      expect(r.status).toBe(400);
      expect((r.body.data as { errors: RowError[] }).errors.map((e) => [e.row, e.field])).toEqual([
        [32, 'elevatorType'],
      ]);
      await nothingOf(1000, before);
    });

    it('a bad row the store finds (row 32: a DTU number another tenant holds)', async () => {
      const before = await count();
      const r = await upload(await longFile(1100, ['Late', 'RC-1199', null, 'Escalator', dtu(1950), 'Unit', null]));
      expect(r.status).toBe(400);
      const data = r.body.data as { errors: RowError[]; badRows: number; total: number };
      expect(data.errors.map((e) => [e.row, e.rule])).toEqual([[32, 'validation.duplicate']]);
      expect(data).toMatchObject({ badRows: 1, total: 31 });
      await nothingOf(1100, before);
    });

    it('a formula in the last row', async () => {
      const before = await count();
      const r = await upload(
        await longFile(1200, ['Late', 'RC-1299', null, { type: 'Formula', value: 'SUM(1,2)' }, dtu(1299), 'U', null]),
      );
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Cell D32 holds a formula; imports accept values only (paste as values)');
      await nothingOf(1200, before);
    });

    it('the same rows with the last one fixed import, every batch of them', async () => {
      const r = await upload(await longFile(1300, ['Late', 'RC-1399', null, 'Escalator', dtu(1399), 'Unit', null]));
      expect(r.body.data).toEqual({ created: 31, skipped: 0, total: 31, dryRun: false });
      const again = await upload(await longFile(1300, ['Late', 'RC-1399', null, 'Escalator', dtu(1399), 'Unit', null]));
      expect(again.body.data).toEqual({ created: 0, skipped: 31, total: 31, dryRun: false });
    });
  });

  it('names unknown columns and missing required ones', async () => {
    const r = await upload(
      await xlsx([
        ['Elevator name', 'Colour', 'DTU number'],
        ['A', 'red', dtu(400)],
      ]),
    );
    expect(r.status).toBe(400);
    const errors = (r.body.data as { errors: RowError[] }).errors;
    expect(errors.map((e) => [e.row, e.column, e.rule])).toEqual([
      [1, 'Colour', 'import.unknownColumn'],
      [1, 'Elevator type', 'import.missingColumn'],
      [1, 'Use unit', 'import.missingColumn'],
    ]);
    expect(errors[0]!.message).toBe('Colour: unknown column');
  });

  describe('hostile files get a clear 4xx and change nothing', () => {
    let before: number;
    beforeAll(async () => {
      before = await count();
    });
    const refused = async (r: Answer, status: number, key: string, message: RegExp | string) => {
      expect(r.status).toBe(status);
      expect(r.body.data?.key).toBe(key);
      if (typeof message === 'string') expect(r.body.message).toBe(message);
      else expect(r.body.message).toMatch(message);
      expect(await count()).toBe(before);
    };

    it('a text file named .xlsx', async () => {
      await refused(
        await upload(Buffer.from('elevatorName,dtuCode\nA,12345678901\n')),
        400,
        'import.notXlsx',
        'The file is not an .xlsx workbook; choose a single .xlsx file',
      );
    });

    it('a workbook under another name', async () => {
      await refused(await upload(await good(500, 1), { name: 'apply.csv' }), 400, 'import.notXlsx', /not an \.xlsx/);
    });

    it('a ZIP that is no workbook', async () => {
      const { zip } = await import('../support/xlsx.js');
      const bytes = zip([{ name: 'readme.txt', data: Buffer.from('hi'), method: 0, size: 2 }]);
      await refused(await upload(bytes), 400, 'import.notXlsx', /not an \.xlsx/);
    });

    it('a Word document or an old .xls under an .xlsx name', async () => {
      const sample = await import('../support/files.js');
      await refused(await upload(sample.docx()), 400, 'import.notXlsx', /not an \.xlsx/);
      await refused(await upload(sample.xls()), 400, 'import.notXlsx', /not an \.xlsx/);
    });

    it('two files', async () => {
      const file = await good(510, 1);
      const r = (await s.fetch('netApplies/import', {
        method: 'POST',
        token,
        body: form({ name: 'a.xlsx', bytes: file }, { name: 'b.xlsx', bytes: file }),
      })) as Answer;
      await refused(r, 400, 'import.oneFile', 'Send exactly one file, in the multipart field "file"');
    });

    it('no file, or JSON instead of a file', async () => {
      const empty = (await s.fetch('netApplies/import', { method: 'POST', token, body: new FormData() })) as Answer;
      await refused(empty, 400, 'import.oneFile', /exactly one file/);
      const json = (await s.fetch('netApplies/import', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })) as Answer;
      expect(json.status).toBe(415);
    });

    it('a zip bomb: a 2 MB file whose sheet unpacks to 300 MB', async () => {
      const bomb = await zipBomb(300);
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      await refused(await upload(bomb, { language: 'zh-CN' }), 413, 'import.tooComplex', /超出导入限制/);
      // The server is still there.
      expect((await admin.entities.netApply.list({})).total).toBe(before);
    });

    it('more rows than the limit', async () => {
      await refused(
        await upload(await good(600, MAX_ROWS + 10)),
        413,
        'import.tooManyRows',
        `The sheet has ${MAX_ROWS + 10} data rows; at most ${MAX_ROWS} rows can be imported at once`,
      );
    });

    it('a formula', async () => {
      const file = await xlsx([
        HEADER_EN,
        ['Sum', 'RC-700', null, { type: 'Formula', value: 'SUM(1,2)' }, dtu(700), 'Unit', null],
      ]);
      await refused(
        await upload(file),
        400,
        'import.formula',
        'Cell D2 holds a formula; imports accept values only (paste as values)',
      );
    });

    it('a cell far over length', async () => {
      const file = await xlsx([HEADER_EN, ['y'.repeat(50_000), 'RC-701', null, 'Escalator', dtu(701), 'Unit', null]]);
      await refused(
        await upload(file),
        413,
        'import.cellTooLong',
        'Cell A2 holds 50000 characters; at most 2000 are accepted',
      );
    });

    it('a file over the size limit, stopped while streaming', async () => {
      const big = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(DEFAULT_IMPORT_LIMITS.maxBytes + 1024)]);
      await refused(await upload(big), 413, 'import.tooLarge', 'The file is larger than 20 MB');
    });

    it('a parse that runs past the time limit ends the worker', async () => {
      const err = await parseWorkbook(await good(800, 30), 'netApply', 'en-US', {
        ...DEFAULT_IMPORT_LIMITS,
        workerTimeoutMs: 1,
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 413, key: 'tooComplex' });
    });
  });

  it('needs the write permission of the entity', async () => {
    const file = await good(900, 1);
    const anonymous = (await s.fetch('netApplies/import', {
      method: 'POST',
      body: form({ name: 'a.xlsx', bytes: file }),
    })) as Answer;
    expect(anonymous.status).toBe(401);
    const general = tokenOf(await s.login('general'));
    const r = (await s.fetch('netApplies/import', {
      method: 'POST',
      token: general,
      body: form({ name: 'a.xlsx', bytes: file }),
    })) as Answer;
    expect(r.status).toBe(403);
  });

  it('elevators: batch add needs no register code; enum labels, yes/no and dates convert; re-import skips', async () => {
    const file = await xlsx([
      [
        'Name',
        'Factory no.',
        'Register code',
        'Elevator type',
        'Use status',
        'Home use',
        'Floors',
        'Installation date',
      ],
      ['Lift A', 'F-1', null, '自动扶梯', 'In use', '是', 12, new Date(Date.UTC(2020, 4, 1))],
      ['Lift B', null, 'R-2', 2, '停用', 'no', '8', '2021/6/7'],
      ['Lift C', null, null, 'Firefighter', 'Scrapped', 'sì', null, null],
    ]);
    const before = await count('elevators');
    const first = await s.fetch('elevators/import', {
      method: 'POST',
      token,
      body: form({ name: 'lifts.xlsx', bytes: file }),
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ created: 3, skipped: 0, total: 3, dryRun: false });
    const b = (await admin.entities.elevator.list({ registerCode: 'R-2' })).records[0];
    expect(b).toMatchObject({
      name: 'Lift B',
      elevatorType: 2,
      useStatus: 3,
      homeUse: false,
      floors: 8,
      installationDate: '2021-06-07',
    });
    const a = (await admin.entities.elevator.list({ factoryNo: 'F-1' })).records[0];
    expect(a).toMatchObject({
      elevatorType: 6,
      useStatus: 1,
      homeUse: true,
      floors: 12,
      installationDate: '2020-05-01',
    });
    const again = await s.fetch('elevators/import', {
      method: 'POST',
      token,
      body: form({ name: 'lifts.xlsx', bytes: file }),
    });
    expect(again.body.data).toEqual({ created: 0, skipped: 3, total: 3, dryRun: false });
    expect(await count('elevators')).toBe(before + 3);
  });

  // PostgreSQL loads imported rows with COPY, whose text format gives backslashes, tabs and line breaks a meaning.
  it('elevators: text that COPY would misread is stored as written; a re-import skips it', async () => {
    const texts = ['C:\\lifts\\N', '\\N', 'Tower\tB', 'Line one\nline two', 'Back\\\\slash\r\nend', '电梯\\t'];
    const file = await xlsx([
      ['Name', 'Factory no.', 'Elevator type', 'Use status', 'Address'],
      ...texts.map((text, i) => [`Copy ${i} ${text}`, `COPY-${i}`, 1, 1, text] as Cell[]),
    ]);
    const first = await s.fetch('elevators/import', {
      method: 'POST',
      token,
      body: form({ name: 'c.xlsx', bytes: file }),
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ created: texts.length, skipped: 0, total: texts.length, dryRun: false });
    for (const [i, text] of texts.entries()) {
      const stored = (await admin.entities.elevator.list({ factoryNo: `COPY-${i}` })).records[0];
      expect(stored).toMatchObject({ name: `Copy ${i} ${text}`, address: text });
    }
    const again = await s.fetch('elevators/import', {
      method: 'POST',
      token,
      body: form({ name: 'c.xlsx', bytes: file }),
    });
    expect(again.body.data).toEqual({ created: 0, skipped: texts.length, total: texts.length, dryRun: false });
  });

  it('elevators: references must be rows of the tenant; maintenance workers are linked', async () => {
    const workers = [s.demo.users.companyadmin!, s.demo.users.companyuser!].sort((a, b) => a - b);
    const header = ['Name', 'Factory no.', 'Elevator type', 'Use status', 'Use unit', 'Maintenance workers'];
    const bad = await xlsx([header, ['Lift R', 'F-R', 1, 1, 999_999, workers.join(',')]]);
    const r = (await s.fetch('elevators/import', {
      method: 'POST',
      token,
      body: form({ name: 'r.xlsx', bytes: bad }),
    })) as Answer;
    expect(r.status).toBe(400);
    expect((r.body.data as { errors: RowError[] }).errors).toMatchObject([
      { row: 2, column: 'Use unit', message: 'Use unit: no such record' },
    ]);
    const good = await xlsx([header, ['Lift R', 'F-R', 1, 1, null, workers.join(',')]]);
    const ok = await s.fetch('elevators/import', {
      method: 'POST',
      token,
      body: form({ name: 'r.xlsx', bytes: good }),
    });
    expect(ok.body.data).toMatchObject({ created: 1 });
    const lift = (await admin.entities.elevator.list({ factoryNo: 'F-R' })).records[0]!;
    expect((await admin.entities.elevator.get(lift.id)).maintainerIds).toEqual(workers);
  });

  it('gateways import through the client package (Node Blob), with a dry run first', async () => {
    const file = await xlsx([
      ['DTU number', 'Device model', 'Port'],
      [dtu(1000), 'G4', 502],
      [dtu(1001), 'G4', 503],
    ]);
    const blob = new Blob([new Uint8Array(file)]);
    expect(await admin.imports.upload('gatewayDevice', blob, { dryRun: true, fileName: 'g.xlsx' })).toEqual({
      created: 2,
      skipped: 0,
      total: 2,
      dryRun: true,
    });
    expect(await admin.imports.upload('gatewayDevice', blob, { fileName: 'g.xlsx' })).toMatchObject({ created: 2 });
    const bad = await xlsx([
      ['DTU number', 'Port'],
      ['1', 70000],
    ]);
    const err = (await admin.imports
      .upload('gatewayDevice', new Blob([new Uint8Array(bad)]), { fileName: 'g.xlsx' })
      .catch((e: unknown) => e)) as { status: number; key: string; fieldErrors: RowError[] };
    expect(err.status).toBe(400);
    expect(err.key).toBe('import.invalidRows');
    expect(err.fieldErrors.map((e) => [e.row, e.column])).toEqual([
      [2, 'DTU number'],
      [2, 'Port'],
    ]);
  });
});

describe('xlsx import concurrency', () => {
  it('answers 429 when the server is already parsing its limit of imports', async () => {
    const s = await startTestServer({ app: { importLimits: { maxConcurrent: 0 } } });
    try {
      const token = tokenOf(await s.login('admin'));
      const file = await xlsx([['DTU number'], [dtu(5000)]]);
      const r = (await s.fetch('gatewayDevices/import', {
        method: 'POST',
        token,
        body: form({ name: 'g.xlsx', bytes: file }),
      })) as Answer;
      expect(r.status).toBe(429);
      expect(r.body.message).toBe('Other imports are being processed; try again in a moment');
    } finally {
      await s.close();
    }
  });
});
