import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { createDeflateRaw } from 'node:zlib';

/** Test workbooks are made in the tests, never committed as binaries. */
export type Cell = string | number | boolean | Date | null | { type: 'Formula'; value: string };

export const xlsx = (rows: Cell[][]): Promise<Buffer> =>
  writeXlsxFile(rows as never, { dateFormat: 'yyyy-mm-dd' }).toBuffer();

export const readXlsx = (bytes: Buffer) => readSheet(bytes);

/** A multipart body with the given files, each in the field `file` unless named otherwise. */
export function form(...files: { name: string; bytes: Buffer; field?: string }[]): FormData {
  const f = new FormData();
  for (const file of files) f.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return f;
}

interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  /** What the headers claim the entry unpacks to (a zip bomb lies here). */
  size: number;
}

/** A ZIP archive from entries as given: no CRC (nothing here checks it), sizes as claimed. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, method: 0, size: data.length };
};

/** Deflate `megabytes` MB of one repeated byte, streamed, so the test never holds the unpacked text. */
async function deflatedPadding(prefix: string, megabytes: number, suffix: string): Promise<Buffer> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => z.on('end', resolve));
  z.write(prefix);
  const mb = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < megabytes; i++) if (!z.write(mb)) await new Promise((r) => z.once('drain', r));
  z.end(suffix);
  await done;
  return Buffer.concat(out);
}

/**
 * A small .xlsx whose sheet XML unpacks to `megabytes` MB (spaces inside the sheet data), while its headers
 * claim a few kilobytes.
 */
export async function zipBomb(megabytes: number): Promise<Buffer> {
  const sheet = await deflatedPadding(
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    megabytes,
    '</sheetData></worksheet>',
  );
  return zip([
    stored(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    stored(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1" r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets></workbook>',
    ),
    stored(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, method: 8, size: 4096 },
  ]);
}
