import type { RandomAccess } from './random-access.js';

/**
 * OLE2 compound files ([MS-CFB]): the container of .xls and .doc. Only as much is read as tells them apart:
 * the names of the streams at the top of the directory (a workbook keeps its cells in `Workbook`, or `Book` in
 * Excel 5; a Word file its text in `WordDocument`). Streams of embedded objects sit in storages below and are
 * not looked at, so a Word file with a spreadsheet inside is still a Word file.
 */

const MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const hasOle2Magic = (head: Uint8Array): boolean =>
  head.length >= MAGIC.length && MAGIC.every((byte, i) => head[i] === byte);

const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
/** Sector numbers at and above this are markers (free, end of chain, FAT, DIFAT), not places. */
const FIRST_MARKER = 0xfffffffa;
const HEADER_FAT_SLOTS = 109;
const ENTRY_BYTES = 128;
/** Object types: storage, stream, root storage. */
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;

interface DirEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
}

/**
 * The names of the streams and storages directly under the root of a compound file, or null when the bytes are
 * not one this reader can follow (a chain that loops or points past the end, a sector size other than 512 or
 * 4096, a directory larger than `maxEntries`).
 */
export async function ole2TopNames(file: RandomAccess, maxEntries = 10_000): Promise<string[] | null> {
  if (file.size < 512) return null;
  const header = await file.read(0, 512);
  if (!hasOle2Magic(header) || header.readUInt16LE(0x1c) !== 0xfffe) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  // The header fills sector -1; every other sector follows it.
  const sectors = Math.ceil(Math.max(0, file.size - sectorSize) / sectorSize);
  const isPlace = (n: number) => n < FIRST_MARKER && n < sectors;
  const sector = (n: number) => file.read((n + 1) * sectorSize, sectorSize);

  // Where the FAT's own sectors are: 109 in the header, then a chain of DIFAT sectors.
  const fatCount = header.readUInt32LE(0x2c);
  if (fatCount > sectors) return null;
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_FAT_SLOTS && fatSectors.length < fatCount; i++)
    fatSectors.push(header.readUInt32LE(0x4c + 4 * i));
  let difat = header.readUInt32LE(0x44);
  for (let hops = 0; fatSectors.length < fatCount; hops++) {
    if (!isPlace(difat) || hops > sectors) return null;
    const s = await sector(difat);
    for (let i = 0; i < sectorSize / 4 - 1 && fatSectors.length < fatCount; i++) fatSectors.push(s.readUInt32LE(4 * i));
    difat = s.readUInt32LE(sectorSize - 4);
  }

  // The next sector of a chain, reading the FAT sector that holds it when first needed.
  const perFatSector = sectorSize / 4;
  const fatPages = new Map<number, Buffer>();
  const next = async (n: number): Promise<number | null> => {
    const page = Math.floor(n / perFatSector);
    const at = fatSectors[page];
    if (at === undefined || !isPlace(at)) return null;
    let fat = fatPages.get(page);
    if (!fat) fatPages.set(page, (fat = await sector(at)));
    return fat.readUInt32LE((n % perFatSector) * 4);
  };

  const entries: DirEntry[] = [];
  let dir = header.readUInt32LE(0x30);
  for (let hops = 0; dir !== END_OF_CHAIN; hops++) {
    if (!isPlace(dir) || hops > sectors) return null;
    const s = await sector(dir);
    for (let at = 0; at + ENTRY_BYTES <= sectorSize; at += ENTRY_BYTES) {
      const nameBytes = s.readUInt16LE(at + 0x40);
      const name = nameBytes >= 2 && nameBytes <= 64 ? s.toString('utf16le', at, at + nameBytes - 2) : '';
      entries.push({
        name,
        type: s[at + 0x42] ?? 0,
        left: s.readUInt32LE(at + 0x44),
        right: s.readUInt32LE(at + 0x48),
        child: s.readUInt32LE(at + 0x4c),
      });
    }
    if (entries.length > maxEntries) return null;
    const following = await next(dir);
    if (following === null) return null;
    dir = following;
  }

  const root = entries[0];
  if (!root || root.type !== ROOT) return null;
  // The root's children are a tree through their left and right siblings.
  const names: string[] = [];
  const seen = new Set<number>();
  const pending = [root.child];
  while (pending.length) {
    const id = pending.pop() ?? NO_STREAM;
    if (id === NO_STREAM) continue;
    const entry = entries[id];
    if (!entry || seen.has(id)) return null;
    seen.add(id);
    if (entry.type === STREAM || entry.type === STORAGE) names.push(entry.name);
    pending.push(entry.left, entry.right);
  }
  return names;
}
