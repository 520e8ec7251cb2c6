import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zip } from '../../../tests/support/xlsx.js';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../src/services/xlsx/limits.js';
import { readFirstSheet, type Cell } from '../src/services/xlsx/sheet-reader.js';
import { XlsxArchive } from '../src/services/xlsx/zip.js';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

type Part = { name: string; text: string; deflate?: boolean; claimed?: number };

const entry = (p: Part) => {
  const raw = Buffer.from(p.text);
  const data = p.deflate === false ? raw : deflateRawSync(raw);
  return {
    name: p.name,
    data,
    method: p.deflate === false ? (0 as const) : (8 as const),
    size: p.claimed ?? raw.length,
  };
};

/** A workbook of hand-written parts: the sheet's XML as given, the rest minimal. */
function workbook(
  sheetData: string,
  opts: { shared?: string[]; styles?: string; date1904?: boolean; sheet?: Partial<Part> } = {},
) {
  const parts: Part[] = [
    {
      name: 'xl/workbook.xml',
      text: `<workbook ${NS} xmlns:r="${REL}"><workbookPr${opts.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="A" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="${REL}/worksheet" Target="worksheets/data.xml"/><Relationship Id="rId8" Type="${REL}/sharedStrings" Target="strings.xml"/><Relationship Id="rId9" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/data.xml',
      text: `<worksheet ${NS}><sheetData>${sheetData}</sheetData></worksheet>`,
      ...opts.sheet,
    },
    {
      name: 'xl/strings.xml',
      text: `<sst ${NS}>${(opts.shared ?? []).map((s) => `<si>${s}</si>`).join('')}</sst>`,
    },
    {
      name: 'xl/styles.xml',
      text:
        opts.styles ??
        `<styleSheet ${NS}><numFmts><numFmt numFmtId="164" formatCode="&quot;day&quot; dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="0.00&quot;d&quot;"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
    },
  ];
  return zip(parts.map(entry));
}

const LIMITS: ImportLimits = { ...DEFAULT_IMPORT_LIMITS };

async function read(bytes: Buffer, limits: Partial<ImportLimits> = {}) {
  const all = { ...LIMITS, ...limits };
  const rows: [number, Cell[]][] = [];
  await readFirstSheet(new XlsxArchive(bytes, all), all, { row: (n, cells) => void rows.push([n, [...cells]]) });
  return rows;
}

const refused = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('read'),
    (e: unknown) => e,
  );

describe('streaming xlsx sheet reader', () => {
  it('reads what a spreadsheet writer writes as read-excel-file does: text trimmed, numbers, booleans, dates', async () => {
    const bytes = await writeXlsxFile(
      [
        ['Name', 'Count', 'Fine', 'Since', 'Note'],
        ['  Lift A ', 12, true, new Date(Date.UTC(2024, 1, 29)), null],
        ['电梯 & <B>', 1.75, false, null, 'x'],
      ] as never,
      { dateFormat: 'yyyy-mm-dd' },
    ).toBuffer();
    const ours = await read(bytes);
    const theirs = await readSheet(bytes);
    expect(ours.map(([n]) => n)).toEqual([1, 2, 3]);
    ours.forEach(([, cells], r) =>
      theirs[r]!.forEach((v, c) => expect(cells[c] ?? null, `row ${r + 1} column ${c}`).toEqual(v)),
    );
    expect(ours[1]![1][3]).toEqual(new Date(Date.UTC(2024, 1, 29)));
    expect(ours[2]![1][0]).toBe('电梯 & <B>');
  });

  it('understands prefixed elements, inline and rich text without phonetic runs, gaps, and missing references', async () => {
    const bytes = workbook(
      '<x:row r="1" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>in&#x4E2D;line</x:t></x:is></x:c></x:row>' +
        '<row><c t="s"><v>1</v></c><c t="str"><v> calc </v></c><c t="b"><v>1</v></c><c/><c t="inlineStr"><is><r><t>ri</t></r><r><t xml:space="preserve">ch </t></r><rPh><t>フリ</t></rPh></is></c></row>' +
        '<row r="5"><c r="B5"><v><![CDATA[42]]></v></c></row>',
      { shared: ['<t>Head</t>', '<r><t>Mi</t></r><r><t>xed</t></r><rPh sb="0" eb="1"><t>ミ</t></rPh>'] },
    );
    const rows = await read(bytes);
    expect(rows).toEqual([
      [1, ['Head', undefined, 'in中line']],
      [2, ['Mixed', 'calc', true, null, 'rich']],
      [5, [undefined, 42]],
    ]);
  });

  it('gives dates for date formats (built-in and custom, 1900 and 1904 systems) and numbers otherwise', async () => {
    const sheet =
      '<row r="1"><c r="A1" s="1"><v>45351</v></c><c r="B1" s="2"><v>45351.5</v></c><c r="C1" s="3"><v>45351</v></c><c r="D1"><v>45351</v></c><c r="E1" t="d"><v>2024-02-29T00:00:00Z</v></c></row>';
    const [[, cells]] = (await read(workbook(sheet))) as [[number, Cell[]]];
    expect(cells).toEqual([
      new Date(Date.UTC(2024, 1, 29)),
      new Date(Date.UTC(2024, 1, 29, 12)),
      45351,
      45351,
      new Date(Date.UTC(2024, 1, 29)),
    ]);
    const [[, in1904]] = (await read(workbook(sheet, { date1904: true }))) as [[number, Cell[]]];
    expect(in1904[0]).toEqual(new Date(Date.UTC(2028, 2, 1)));
  });

  it('refuses a formula, even a prefixed shared one, naming its cell', async () => {
    const e = await refused(
      read(
        workbook(
          '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="C2"><s:f xmlns:s="urn:x" t="shared" si="0"/><v>2</v></c></row>',
        ),
      ),
    );
    expect(e).toMatchObject({ status: 400, key: 'formula', params: { cell: 'C2' } });
  });

  it('refuses a cell over the length limit, inline or shared, naming it', async () => {
    const long = 'z'.repeat(300);
    const inline = await refused(
      read(
        workbook(
          `<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="B2" t="inlineStr"><is><t>${long}</t></is></c></row>`,
        ),
        { maxCellChars: 200 },
      ),
    );
    expect(inline).toMatchObject({ status: 413, key: 'cellTooLong', params: { cell: 'B2', limit: 200 } });
    const shared = await refused(
      read(workbook('<row r="3"><c r="D3" t="s"><v>0</v></c></row>', { shared: [`<t>${long}</t>`] }), {
        maxCellChars: 200,
      }),
    );
    expect(shared).toMatchObject({ key: 'cellTooLong', params: { cell: 'D3', length: 300 } });
  });

  it('stops handing rows on at the row cap and only counts the rest', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join(
      '',
    );
    const seen: number[] = [];
    const limits = { ...LIMITS, maxRows: 10 };
    const e = await refused(
      readFirstSheet(new XlsxArchive(workbook(rows), limits), limits, { row: (n) => void seen.push(n) }),
    );
    expect(e).toMatchObject({ status: 413, key: 'tooManyRows', params: { count: 39, limit: 10 } });
    expect(seen.length).toBeLessThanOrEqual(11);
    // A row numbered far past the cap counts as that many.
    const far = await refused(
      read(workbook('<row r="1"/><row r="500000"><c r="A500000"><v>1</v></c></row>'), { maxRows: 10 }),
    );
    expect(far).toMatchObject({ key: 'tooManyRows', params: { count: 499999 } });
  });

  it('refuses a part that unpacks to more than it claims, at once', async () => {
    const bomb = workbook(`<row r="1"><c r="A1"><v>1</v></c></row>${' '.repeat(2_000_000)}`, {
      sheet: { claimed: 4096 },
    });
    expect(bomb.length).toBeLessThan(20_000);
    expect(await refused(read(bomb))).toMatchObject({ status: 413, key: 'tooComplex' });
  });

  it('refuses parts that claim more than the unpacked budget before inflating any', async () => {
    const big = workbook('<row r="1"/>', { sheet: { claimed: 300 * 1024 * 1024 } });
    expect(() => new XlsxArchive(big, LIMITS)).toThrow(expect.objectContaining({ key: 'tooComplex' }) as Error);
  });

  it('holds every part read to one budget', async () => {
    const text = `<row r="1"><c r="A1" t="s"><v>0</v></c></row>`;
    const sharedText = `<t>${'s'.repeat(60_000)}</t>`;
    expect(
      await refused(
        read(workbook(text, { shared: [sharedText] }), { maxUnpackedBytes: 50_000, maxCellChars: 100_000 }),
      ),
    ).toMatchObject({
      key: 'tooComplex',
    });
  });

  it('refuses a token no cell could fill (a megabyte of text with no tag), before the parser buffers it', async () => {
    const e = await refused(read(workbook(`<row r="1"><c r="A1"><v>${'1'.repeat(3 * 1024 * 1024)}</v></c></row>`)));
    expect(e).toMatchObject({ status: 413, key: 'tooComplex' });
  });

  it('refuses corrupt compressed data and malformed XML as not a workbook', async () => {
    const good = workbook('<row r="1"><c r="A1"><v>1</v></c></row>');
    const corrupt = Buffer.from(good);
    // The sheet part's compressed bytes start after its local header; scramble them.
    const at = corrupt.indexOf('xl/worksheets/data.xml') + 'xl/worksheets/data.xml'.length;
    corrupt.fill(0xff, at, at + 8);
    expect(await refused(read(corrupt))).toMatchObject({ status: 400, key: 'notXlsx' });
    const malformed = workbook('<row r="1"><c r="A1"><v>1</v></row>');
    expect(await refused(read(malformed))).toMatchObject({ status: 400, key: 'notXlsx' });
    const badIndex = workbook('<row r="1"><c r="A1" t="s"><v>7</v></c></row>');
    expect(await refused(read(badIndex))).toMatchObject({ key: 'notXlsx' });
  });
});
