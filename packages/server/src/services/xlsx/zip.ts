import { inflateRawSync } from 'node:zlib';
import { ImportFileError } from './errors.js';
import type { ImportLimits } from './limits.js';

/** The first four bytes of every ZIP archive (an .xlsx is one): a local file header. */
export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const hasZipMagic = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const notXlsx = () => new ImportFileError(400, 'notXlsx');

/** The central directory: names, methods and sizes as the archive declares them (checked again when unpacked). */
function entries(buf: Buffer, limits: ImportLimits): Entry[] {
  // End of central directory: 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--)
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw notXlsx();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: no upload under the size cap needs them.
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > buf.length) throw notXlsx();
  if (count > limits.maxEntries) throw new ImportFileError(413, 'tooComplex');
  const out: Entry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw notXlsx();
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    out.push({
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** The parts read-excel-file opens: every .xml and .rels entry. */
const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');
const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/** The cell reference ("B7") of the cell whose content starts before `at` in a sheet's XML. */
function cellBefore(xml: Buffer, at: number): string {
  const start = xml.lastIndexOf('<c ', at);
  if (start < 0) return '?';
  const m = /\br="([A-Z]{1,3}\d{1,7})"/.exec(xml.toString('latin1', start, Math.min(at, start + 200)));
  return m?.[1] ?? '?';
}

// Needles as bytes: a string needle is converted again on every call.
const F_OPEN = Buffer.from('<f');
const F_PREFIXED = Buffer.from(':f');
const ROW_OPEN = Buffer.from('<row');

/** A formula element: <f>, <f ...>, <f/> (shared formulas), with or without a namespace prefix. */
function findFormula(xml: Buffer): number {
  for (let i = xml.indexOf(F_OPEN); i >= 0; i = xml.indexOf(F_OPEN, i + 2)) {
    const next = xml[i + 2];
    if (next === 0x3e /* > */ || next === 0x20 /* space */ || next === 0x2f /* / */) return i;
  }
  for (let i = xml.indexOf(F_PREFIXED); i >= 0; i = xml.indexOf(F_PREFIXED, i + 2)) {
    const next = xml[i + 2];
    if (next !== 0x3e && next !== 0x20 && next !== 0x2f) continue;
    const open = xml.lastIndexOf('<', i);
    if (open >= 0 && i - open < 16 && /^<[A-Za-z][\w.-]*$/.test(xml.toString('latin1', open, i))) return i;
  }
  return -1;
}

/** Rows in a sheet: <row> elements and the highest row number any of them names. */
function countRows(xml: Buffer): { elements: number; highest: number } {
  let elements = 0;
  let highest = 0;
  for (let i = xml.indexOf(ROW_OPEN); i >= 0; i = xml.indexOf(ROW_OPEN, i + 4)) {
    const next = xml[i + 4];
    if (next !== 0x20 && next !== 0x3e && next !== 0x2f) continue;
    elements++;
    const end = xml.indexOf('>', i);
    const m = /\br="(\d{1,9})"/.exec(xml.toString('latin1', i, end < 0 ? i + 100 : Math.min(end, i + 300)));
    highest = Math.max(highest, m ? Number(m[1]) : elements);
  }
  return { elements, highest };
}

/**
 * Check an archive before the reader sees it: a ZIP with the parts of a workbook, every part the reader opens
 * unpacked here under one shared budget (so a zip bomb stops at the budget, whatever its headers claim), no
 * formula in any sheet, and no sheet with more rows than the limit.
 */
export function inspectXlsx(buf: Buffer, limits: ImportLimits): void {
  if (!hasZipMagic(buf)) throw notXlsx();
  const list = entries(buf, limits);
  if (!list.some((e) => e.name === 'xl/workbook.xml')) throw notXlsx();
  let budget = limits.maxUnpackedBytes;
  for (const e of list) {
    if (!isReadPart(e.name)) continue;
    if (e.size > budget) throw new ImportFileError(413, 'tooComplex');
    const p = e.localOffset;
    if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) throw notXlsx();
    const dataStart = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const data = buf.subarray(dataStart, dataStart + e.compressedSize);
    let xml: Buffer;
    if (e.method === 0) xml = data;
    else if (e.method === 8) {
      try {
        // maxOutputLength stops inflating at the budget, whatever the declared size says.
        xml = inflateRawSync(data, { maxOutputLength: Math.max(1, budget), chunkSize: 1024 * 1024 });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
          throw new ImportFileError(413, 'tooComplex');
        throw notXlsx();
      }
    } else throw notXlsx();
    budget -= xml.length;
    if (!isWorksheet(e.name)) continue;
    const formula = findFormula(xml);
    if (formula >= 0) throw new ImportFileError(400, 'formula', { cell: cellBefore(xml, formula) });
    const rows = countRows(xml);
    const dataRows = Math.max(rows.elements, rows.highest) - 1;
    if (dataRows > limits.maxRows)
      throw new ImportFileError(413, 'tooManyRows', { count: dataRows, limit: limits.maxRows });
  }
}
