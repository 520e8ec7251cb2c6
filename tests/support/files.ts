import { createHash } from 'node:crypto';
import { zip } from './xlsx.js';

/**
 * Files of every type an upload may be, made in the tests (never committed as binaries): each starts as its
 * type starts and carries what a sniffer looks for, plus `padding` bytes so sizes can be chosen.
 */

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
export const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

const pad = (head: Buffer, padding: number, fill = 7) => Buffer.concat([head, Buffer.alloc(padding, fill)]);

export const png = (padding = 64) => pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), padding);
export const jpg = (padding = 64) =>
  pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), padding);
export const gif = (padding = 64) => pad(Buffer.from('GIF89a'), padding);
export const pdf = (padding = 64) => pad(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), padding, 0x20);
/** An mp4 starts with a box whose type, at byte 4, is 'ftyp'. */
export const mp4 = (padding = 64) =>
  pad(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]), padding);

export function bmp(padding = 64): Buffer {
  const head = Buffer.alloc(54);
  head.write('BM', 0, 'latin1');
  head.writeUInt32LE(54 + padding, 2);
  head.writeUInt32LE(54, 10);
  head.writeUInt32LE(40, 14); // BITMAPINFOHEADER
  head.writeInt32LE(1, 18);
  head.writeInt32LE(1, 22);
  head.writeUInt16LE(1, 26);
  head.writeUInt16LE(24, 28);
  return pad(head, padding, 0);
}

const xml = (text: string) => {
  const data = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
  return { data, method: 0 as const, size: data.length };
};

/** An Office Open XML package with the given parts (and content types), stored uncompressed. */
const ooxml = (parts: string[], padding: number) =>
  zip([
    { name: '[Content_Types].xml', ...xml('<Types/>') },
    ...parts.map((name) => ({ name, ...xml('<x/>') })),
    { name: 'docProps/padding.bin', data: Buffer.alloc(padding, 7), method: 0, size: padding },
  ]);

export const xlsx = (padding = 64) => ooxml(['xl/workbook.xml', 'xl/worksheets/sheet1.xml'], padding);
export const docx = (padding = 64) => ooxml(['word/document.xml'], padding);
/** A Word document with a spreadsheet embedded in it is still a Word document. */
export const docxWithSheet = () => ooxml(['word/document.xml', 'word/embeddings/sheet.xlsx'], 64);
export const plainZip = () => ooxml(['notes/readme.xml'], 64);

// OLE2 compound file ([MS-CFB]) constants
const END = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_MARK = 0xfffffffd;
const DIFAT_MARK = 0xfffffffc;
const NONE = 0xffffffff;

interface OleEntry {
  name: string;
  type: 1 | 2 | 5;
  children?: OleEntry[];
  size?: number;
}

/**
 * A version 3 compound file (512-byte sectors) holding `streams` at the top of its directory (each of
 * `streamBytes`), and `nested` streams inside a storage named ObjectPool, as an embedded object would be. The
 * FAT grows with the file, so a large one needs DIFAT sectors beyond the header's 109 FAT slots.
 */
export function ole2(opts: { streams: string[]; nested?: string[]; streamBytes?: number }): Buffer {
  const sectorSize = 512;
  const per = sectorSize / 4;
  const streamBytes = opts.streamBytes ?? 4096;
  const streamSectors = Math.max(1, Math.ceil(streamBytes / sectorSize));
  const top: OleEntry[] = opts.streams.map((name) => ({ name, type: 2 }));
  if (opts.nested?.length)
    top.push({ name: 'ObjectPool', type: 1, children: opts.nested.map((name) => ({ name, type: 2 })) });
  const root: OleEntry = { name: 'Root Entry', type: 5, children: top };
  // the directory, flattened: each entry's children hang off its first child as a chain of right siblings
  const flat: OleEntry[] = [];
  const ids = new Map<OleEntry, number>();
  const visit = (e: OleEntry) => {
    ids.set(e, flat.length);
    flat.push(e);
    for (const c of e.children ?? []) visit(c);
  };
  visit(root);
  const streams = flat.filter((e) => e.type === 2);
  const dirSectors = Math.ceil((flat.length * 128) / sectorSize);
  const dataSectors = dirSectors + streams.length * streamSectors;
  // FAT and DIFAT sectors needed to describe every sector, themselves included
  let fat = 1;
  let difat = 0;
  for (;;) {
    const needDifat = Math.max(0, Math.ceil((fat - 109) / (per - 1)));
    const needFat = Math.ceil((dataSectors + fat + needDifat) / per);
    if (needFat === fat && needDifat === difat) break;
    fat = needFat;
    difat = needDifat;
  }
  const total = fat + difat + dataSectors;
  const body = Buffer.alloc(total * sectorSize);
  const sectorAt = (n: number) => body.subarray(n * sectorSize, (n + 1) * sectorSize);
  const fatTable = new Array<number>(fat * per).fill(FREE);
  // layout: FAT sectors, DIFAT sectors, directory, streams
  for (let i = 0; i < fat; i++) fatTable[i] = FAT_MARK;
  for (let i = 0; i < difat; i++) fatTable[fat + i] = DIFAT_MARK;
  const chain = (first: number, count: number) => {
    for (let i = 0; i < count; i++) fatTable[first + i] = i === count - 1 ? END : first + i + 1;
  };
  const dirStart = fat + difat;
  chain(dirStart, dirSectors);
  let next = dirStart + dirSectors;
  const starts = new Map<OleEntry, number>();
  for (const s of streams) {
    starts.set(s, next);
    chain(next, streamSectors);
    next += streamSectors;
  }
  fatTable.forEach((v, i) => body.writeUInt32LE(v, i * 4));
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(fat, 0x2c);
  header.writeUInt32LE(dirStart, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(difat ? fat : END, 0x44);
  header.writeUInt32LE(difat, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fat ? i : FREE, 0x4c + 4 * i);
  for (let d = 0; d < difat; d++) {
    const s = sectorAt(fat + d);
    for (let i = 0; i < per - 1; i++) {
      const fatIndex = 109 + d * (per - 1) + i;
      s.writeUInt32LE(fatIndex < fat ? fatIndex : FREE, i * 4);
    }
    s.writeUInt32LE(d === difat - 1 ? END : fat + d + 1, sectorSize - 4);
  }
  const dir = body.subarray(dirStart * sectorSize, (dirStart + dirSectors) * sectorSize);
  dir.fill(0);
  for (let i = 0; i < dirSectors * (sectorSize / 128); i++) {
    const at = i * 128;
    dir.writeUInt32LE(NONE, at + 0x44);
    dir.writeUInt32LE(NONE, at + 0x48);
    dir.writeUInt32LE(NONE, at + 0x4c);
  }
  flat.forEach((e, i) => {
    const at = i * 128;
    const name = Buffer.from(`${e.name}\0`, 'utf16le');
    name.copy(dir, at);
    dir.writeUInt16LE(name.length, at + 0x40);
    dir[at + 0x42] = e.type;
    const kids = e.children ?? [];
    dir.writeUInt32LE(kids[0] ? (ids.get(kids[0]) ?? NONE) : NONE, at + 0x4c);
    dir.writeUInt32LE(END, at + 0x74);
    if (e.type === 2) {
      dir.writeUInt32LE(starts.get(e) ?? END, at + 0x74);
      dir.writeUInt32LE(streamBytes, at + 0x78);
    }
  });
  // siblings: each child points right to the next one
  for (const e of flat)
    (e.children ?? []).forEach((c, i, all) => {
      const following = all[i + 1];
      if (following) dir.writeUInt32LE(ids.get(following) ?? NONE, (ids.get(c) ?? 0) * 128 + 0x48);
    });
  return Buffer.concat([header, body]);
}

export const xls = (streamBytes?: number) => ole2({ streams: ['Workbook', 'SummaryInformation'], streamBytes });
export const doc = (streamBytes?: number) => ole2({ streams: ['WordDocument', '1Table'], streamBytes });
/** A Word file carrying a spreadsheet as an embedded object: the workbook sits in a storage below the root. */
export const docWithSheet = () => ole2({ streams: ['WordDocument'], nested: ['Workbook'] });
