import type { FileType } from '@liftcloud/client';
import { hasOle2Magic, ole2TopNames } from './ole2.js';
import type { RandomAccess } from './random-access.js';
import { findCentralDirectory, hasZipMagic, readCentralDirectory, ZIP_TAIL_BYTES } from './zip-directory.js';

/**
 * What a file is, by its content: the first bytes name its family, and for the two container families (ZIP,
 * OLE2) their directory names the document inside. A file's name is never trusted to say it.
 */

/** Bytes enough to judge every family by its first bytes. */
export const SNIFF_HEAD_BYTES = 32;

/** What the first bytes can tell: a type, or a container whose directory tells the rest. */
export type HeadFamily = Exclude<FileType, 'xlsx' | 'docx' | 'xls' | 'doc'> | 'zip' | 'ole2';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The sizes a BMP's second header (BITMAPCOREHEADER to BITMAPV5HEADER) may have. */
const BMP_INFO_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/** The family the first bytes (at least SNIFF_HEAD_BYTES unless the file is shorter) belong to, or null. */
export function sniffHead(head: Buffer): HeadFamily | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  // 'BM', reserved zeros, then a known info-header size: two letters alone would take a text for a bitmap
  if (ascii(head, 0, 2) === 'BM' && head.length >= 18 && head.readUInt32LE(6) === 0)
    if (BMP_INFO_SIZES.has(head.readUInt32LE(14))) return 'bmp';
  if (ascii(head, 4, 8) === 'ftyp') return 'mp4';
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (hasZipMagic(head)) return 'zip';
  if (hasOle2Magic(head)) return 'ole2';
  return null;
}

/** The types a family may turn out to be once its directory is read. */
export const FAMILY_TYPES: Record<HeadFamily, readonly FileType[]> = {
  jpg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  mp4: ['mp4'],
  pdf: ['pdf'],
  zip: ['xlsx', 'docx'],
  ole2: ['xls', 'doc'],
};

/** Entries a ZIP sniffed for its document may have: an Office file has tens. */
const MAX_ZIP_ENTRIES = 10_000;

/** An Office Open XML package: the part that only its kind of document has. */
async function zipDocument(file: RandomAccess): Promise<FileType | null> {
  const tailLength = Math.min(file.size, ZIP_TAIL_BYTES);
  try {
    const dir = findCentralDirectory(await file.read(file.size - tailLength, tailLength), file.size, MAX_ZIP_ENTRIES);
    const names = new Set(readCentralDirectory(await file.read(dir.offset, dir.size), dir.count).map((e) => e.name));
    const workbook = names.has('xl/workbook.xml');
    const document = names.has('word/document.xml');
    if (workbook === document) return null;
    return workbook ? 'xlsx' : 'docx';
  } catch {
    return null;
  }
}

/** A compound file: Excel keeps its cells in `Workbook` (`Book` in Excel 5), Word its text in `WordDocument`. */
async function ole2Document(file: RandomAccess): Promise<FileType | null> {
  const names = await ole2TopNames(file);
  if (!names) return null;
  const workbook = names.includes('Workbook') || names.includes('Book');
  const document = names.includes('WordDocument');
  if (workbook === document) return null;
  return workbook ? 'xls' : 'doc';
}

/** The type of a whole file, or null when its content is none of FILE_TYPES. */
export async function sniffFile(file: RandomAccess): Promise<FileType | null> {
  const family = sniffHead(await file.read(0, Math.min(file.size, SNIFF_HEAD_BYTES)));
  if (family === 'zip') return zipDocument(file);
  if (family === 'ole2') return ole2Document(file);
  return family;
}
