/**
 * A ZIP archive's central directory: the names, methods and sizes of its entries as the archive declares them.
 * Read by the upload sniffer (is this ZIP an .xlsx or a .docx?) and by the xlsx import's archive reader.
 */

/** An archive starts with a local file header (PK 3 4). */
export const hasZipMagic = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Where the central directory is: its entry count, size and offset from the archive's start. */
export interface CentralDirectory {
  count: number;
  size: number;
  offset: number;
}

/** Not a ZIP this reader takes (truncated, ZIP64, a directory past the end), or more entries than allowed. */
export class ZipDirectoryError extends Error {
  constructor(readonly reason: 'malformed' | 'tooManyEntries') {
    super(`zip: ${reason}`);
  }
}

/** The end-of-directory record is 22 bytes plus a comment of at most 65,535: the tail to read to find it. */
export const ZIP_TAIL_BYTES = 22 + 65_535;

/**
 * The central directory's place, from the archive's last bytes (`tail`, which ends where the archive ends;
 * `archiveSize` is the whole archive's length).
 */
export function findCentralDirectory(tail: Buffer, archiveSize: number, maxEntries: number): CentralDirectory {
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - ZIP_TAIL_BYTES); i--)
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ZipDirectoryError('malformed');
  const count = tail.readUInt16LE(eocd + 10);
  const size = tail.readUInt32LE(eocd + 12);
  const offset = tail.readUInt32LE(eocd + 16);
  // ZIP64 markers: no upload under the size caps needs them.
  if (count === 0xffff || offset === 0xffffffff || offset + size > archiveSize)
    throw new ZipDirectoryError('malformed');
  if (count > maxEntries) throw new ZipDirectoryError('tooManyEntries');
  return { count, size, offset };
}

/** The entries of a central directory (`cd`: exactly its bytes). */
export function readCentralDirectory(cd: Buffer, count: number): ZipEntry[] {
  const out: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipDirectoryError('malformed');
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    if (p + 46 + nameLength > cd.length) throw new ZipDirectoryError('malformed');
    out.push({
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** The entries of an archive held whole in memory. */
export function zipEntries(archive: Buffer, maxEntries: number): ZipEntry[] {
  const dir = findCentralDirectory(archive, archive.length, maxEntries);
  return readCentralDirectory(archive.subarray(dir.offset, dir.offset + dir.size), dir.count);
}
