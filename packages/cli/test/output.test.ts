import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Column } from '../src/output/columns.js';
import { csvField, csvLine } from '../src/output/csv.js';
import { parseFormat } from '../src/output/format.js';
import { writeRecord, writeRecords, type RecordOutputOptions } from '../src/output/records.js';
import { renderTable } from '../src/output/table.js';
import { displayWidth, truncate } from '../src/output/width.js';
import { CliError } from '../src/errors.js';

type Row = { id: number; name: string; type: number };
const columns: Column<Row>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'type', header: 'Type', value: (r) => r.type, display: (r) => (r.type === 2 ? 'Maintenance' : r.type) },
];
const rows: Row[] = [
  { id: 1, name: '上海电梯维保有限公司', type: 2 },
  { id: 12, name: 'Harbour, "Mall"', type: 3 },
];

async function capture(
  format: RecordOutputOptions<Row>['format'],
  write: (o: RecordOutputOptions<Row>) => Promise<void>,
) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  await write({ format, columns, wideColumns: columns, out, color: false });
  return text;
}

describe('widths', () => {
  it('counts Chinese characters as two cells and cuts with an ellipsis', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('电梯')).toBe(4);
    expect(displayWidth('\u001b[1mab\u001b[22m')).toBe(2);
    expect(truncate('上海电梯维保', 7)).toBe('上海电…');
    expect(displayWidth(truncate('上海电梯维保', 7))).toBeLessThanOrEqual(7);
  });
});

describe('table', () => {
  it('aligns columns by display width and shows labels, not codes', () => {
    const lines = renderTable(columns, rows, { color: false }).trimEnd().split('\n');
    expect(lines[0]).toBe('ID  NAME                  TYPE');
    expect(lines[1]).toBe('1   上海电梯维保有限公司  Maintenance');
    expect(lines[2]).toBe('12  Harbour, "Mall"       3');
  });

  it('colours the header only when asked', () => {
    expect(renderTable(columns, rows, { color: true })).toContain('\u001b[1m');
    expect(renderTable(columns, rows, { color: false })).not.toContain('\u001b[');
  });
});

describe('script formats', () => {
  it('csv quotes commas, quotes and line breaks (RFC 4180) and keeps codes', async () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('');
    expect(csvLine([1, 'x\ny'])).toBe('1,"x\ny"\r\n');
    const text = await capture('csv', (o) => writeRecords(o, rows));
    expect(text).toBe('id,name,type\r\n1,上海电梯维保有限公司,2\r\n12,"Harbour, ""Mall""",3\r\n');
  });

  it('json is one array, jsonl one object a line, both with raw values', async () => {
    const json = await capture('json', (o) => writeRecords(o, rows));
    expect(JSON.parse(json)).toEqual(rows);
    expect(await capture('json', (o) => writeRecords(o, []))).toBe('[]\n');
    const jsonl = await capture('jsonl', (o) => writeRecords(o, rows));
    expect(
      jsonl
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Row),
    ).toEqual(rows);
  });

  it('yaml round-trips', async () => {
    const { parse } = await import('yaml');
    expect(parse(await capture('yaml', (o) => writeRecords(o, rows)))).toEqual(rows);
  });

  it('one record: labelled lines for people, the object for scripts', async () => {
    const table = await capture('table', (o) => writeRecord(o, rows[0] as Row));
    expect(table).toBe('ID    1\nName  上海电梯维保有限公司\nType  Maintenance\n');
    expect(JSON.parse(await capture('json', (o) => writeRecord(o, rows[0] as Row)))).toEqual(rows[0]);
  });

  it('an unknown format is a usage error', () => {
    expect(parseFormat(undefined)).toBe('table');
    expect(parseFormat('jsonl')).toBe('jsonl');
    expect(() => parseFormat('xml')).toThrow(CliError);
    try {
      parseFormat('xml');
    } catch (e) {
      expect((e as CliError).exitCode).toBe(2);
    }
  });
});
