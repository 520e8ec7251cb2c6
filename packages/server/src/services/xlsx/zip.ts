import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { hasZipMagic, ZipDirectoryError, zipEntries, type ZipEntry } from '../../files/zip-directory.js';
import { ImportFileError } from './errors.js';
import type { ImportLimits } from './limits.js';

const notXlsx = () => new ImportFileError(400, 'notXlsx');
const tooComplex = () => new ImportFileError(413, 'tooComplex');

/** Unpacked text handed to a part's reader at a time. */
const CHUNK_BYTES = 64 * 1024;

/** The central directory (files/zip-directory.ts), its problems told as an import's. */
function entries(buf: Buffer, limits: ImportLimits): ZipEntry[] {
  try {
    return zipEntries(buf, limits.maxEntries);
  } catch (err) {
    if (err instanceof ZipDirectoryError) throw err.reason === 'tooManyEntries' ? tooComplex() : notXlsx();
    throw err;
  }
}

/** XML parts of a workbook: the only ones a reader may open. */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

/**
 * An uploaded .xlsx held in memory, its parts unpacked on demand as streams of text. Every part read draws on
 * one budget of unpacked bytes (limits.maxUnpackedBytes) counted as it is inflated, and a part that unpacks to
 * more than its header declares is refused at once: a zip bomb stops at the first lie or at the budget.
 */
export class XlsxArchive {
  private readonly byName = new Map<string, ZipEntry>();
  private budget: number;

  constructor(
    private readonly buf: Buffer,
    limits: ImportLimits,
  ) {
    if (!hasZipMagic(buf)) throw notXlsx();
    const list = entries(buf, limits);
    for (const e of list) this.byName.set(e.name, e);
    if (!this.byName.has('xl/workbook.xml')) throw notXlsx();
    this.budget = limits.maxUnpackedBytes;
    // What the XML parts claim, together, before anything is inflated.
    let declared = 0;
    for (const e of list) if (isXmlPart(e.name)) declared += e.size;
    if (declared > this.budget) throw tooComplex();
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The compressed bytes of a part and how they are stored. */
  private raw(name: string): { entry: ZipEntry; data: Buffer } {
    const entry = this.byName.get(name);
    if (!entry || !isXmlPart(name)) throw notXlsx();
    const p = entry.localOffset;
    if (p + 30 > this.buf.length || this.buf.readUInt32LE(p) !== 0x04034b50) throw notXlsx();
    const dataStart = p + 30 + this.buf.readUInt16LE(p + 26) + this.buf.readUInt16LE(p + 28);
    if (dataStart + entry.compressedSize > this.buf.length) throw notXlsx();
    return { entry, data: this.buf.subarray(dataStart, dataStart + entry.compressedSize) };
  }

  private spend(entry: ZipEntry, unpackedSoFar: number, bytes: number): void {
    this.budget -= bytes;
    if (this.budget < 0 || unpackedSoFar > entry.size) throw tooComplex();
  }

  /**
   * A part as text, chunk by chunk, each handed to `onText` (which may return a promise to hold the inflate
   * back). `onText` may throw to stop: the inflate ends with it.
   */
  async stream(name: string, onText: (text: string) => void | Promise<void>): Promise<void> {
    const { entry, data } = this.raw(name);
    const decoder = new StringDecoder('utf8');
    if (entry.method === 0) {
      for (let at = 0; at < data.length; at += CHUNK_BYTES) {
        const chunk = data.subarray(at, at + CHUNK_BYTES);
        this.spend(entry, at + chunk.length, chunk.length);
        await onText(decoder.write(chunk));
      }
    } else if (entry.method === 8) {
      const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
      inflater.end(data);
      // Only the inflater's own errors mean corrupt data; the reader's pass through as they are.
      inflater.on('error', (err: Error & { corrupt?: boolean }) => (err.corrupt = true));
      let unpacked = 0;
      try {
        for await (const chunk of inflater as AsyncIterable<Buffer>) {
          unpacked += chunk.length;
          this.spend(entry, unpacked, chunk.length);
          await onText(decoder.write(chunk));
        }
      } catch (err) {
        if ((err as { corrupt?: boolean }).corrupt) throw notXlsx();
        throw err;
      } finally {
        inflater.destroy();
      }
    } else throw notXlsx();
    const rest = decoder.end();
    if (rest) await onText(rest);
  }

  /** A small part (workbook, relationships, styles) whole. */
  async text(name: string): Promise<string> {
    const parts: string[] = [];
    await this.stream(name, (t) => void parts.push(t));
    return parts.join('');
  }
}
