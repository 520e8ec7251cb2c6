import {
  ANY_BYTES_TYPE,
  extensionOf,
  FILE_TYPES,
  typeOfName,
  type FileType,
  type UploadLimit,
} from '@liftcloud/client';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { withFileAccess } from './random-access.js';
import { FAMILY_TYPES, SNIFF_HEAD_BYTES, sniffFile, sniffHead } from './sniff.js';

/** Why an upload was refused: its content (or name) is not an allowed type, or it is larger than the limit. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: 'type' | 'tooLarge',
    readonly limit: UploadLimit,
  ) {
    super(`upload refused: ${reason}`);
    this.name = 'UploadRefused';
  }
}

/** A file received whole and checked, waiting in the staging folder to be kept or discarded. */
export interface Received {
  /** The staged bytes. */
  path: string;
  /** The name it was sent under, cleaned (see cleanName). */
  name: string;
  size: number;
  /** What its content is; null for an upload of any bytes (firmware). */
  type: FileType | null;
  contentType: string;
  sha256: string;
  md5: string | null;
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  limit: UploadLimit;
  /** A folder on this machine's disk for files on their way in. */
  stagingDir: string;
  /** Compute the MD5 too (firmware is checked against it). */
  md5?: boolean;
}

/** Types whose first bytes name only their container: the directory inside tells which document it is. */
const CONTAINER_TYPES = new Set<FileType>([...FAMILY_TYPES.zip, ...FAMILY_TYPES.ole2]);

/** Characters that have no place in a file name: controls, and the direction overrides that can hide an extension. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME = 255;

/** The last segment of a sent name, without unsafe characters, at most 255 characters with its extension kept. */
export function cleanName(sent: string): string {
  const base = (sent.split(/[/\\]/).pop() ?? '').replace(UNSAFE, '').trim();
  if (!base) return 'file';
  if (base.length <= MAX_NAME) return base;
  const ext = extensionOf(base);
  const keep = ext && ext.length < 20 ? `.${ext}` : '';
  return base.slice(0, MAX_NAME - keep.length) + keep;
}

/**
 * The byte counter, hashes and first-bytes check on the way to the staging file: the limit is enforced at the
 * first byte past it, and a file whose first bytes cannot be the type its name claims stops there.
 */
function inspector(opts: ReceiveOptions, claimed: FileType | null) {
  const sha256 = createHash('sha256');
  const md5 = opts.md5 ? createHash('md5') : null;
  let size = 0;
  let head: Buffer | null = Buffer.alloc(0);
  const judge = (bytes: Buffer) => {
    if (claimed === null) return;
    const family = sniffHead(bytes);
    if (!family || !FAMILY_TYPES[family].includes(claimed)) throw new UploadRefused('type', opts.limit);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > opts.limit.maxBytes) return done(new UploadRefused('tooLarge', opts.limit));
      sha256.update(chunk);
      md5?.update(chunk);
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_HEAD_BYTES) return done();
        const whole = head;
        head = null;
        try {
          judge(whole);
        } catch (err) {
          return done(err as Error);
        }
        return done(null, whole);
      }
      done(null, chunk);
    },
    flush(done) {
      if (!head) return done();
      try {
        judge(head);
      } catch (err) {
        return done(err as Error);
      }
      done(null, head);
    },
  });
  return {
    stream,
    digest: () => ({ size, sha256: sha256.digest('hex'), md5: md5?.digest('hex') ?? null }),
  };
}

/**
 * Receive one uploaded file: its name's extension must be one the limit lists, its bytes at most the limit
 * (checked while they stream: the first byte past it ends the upload), its content the type its name claims
 * (first bytes while streaming; a ZIP's or OLE2 file's directory once it is whole). Refusals throw
 * UploadRefused and leave nothing behind; a received file waits in the staging folder until kept or discarded.
 *
 * `file` may be a multipart part's stream: its 'limit' event (the parser's own size cap) ends it the same way.
 */
export async function receive(file: Readable, sentName: string, opts: ReceiveOptions): Promise<Received> {
  const name = cleanName(sentName);
  const anyBytes = opts.limit.types.length === 0;
  const claimed = anyBytes ? null : typeOfName(name);
  if (!anyBytes && (!claimed || !opts.limit.types.includes(extensionOf(name)))) {
    file.resume();
    throw new UploadRefused('type', opts.limit);
  }
  await mkdir(opts.stagingDir, { recursive: true });
  const path = join(opts.stagingDir, `${randomBytes(16).toString('hex')}.part`);
  const discard = () => rm(path, { force: true });
  const check = inspector(opts, claimed);
  const written = pipeline(check.stream, createWriteStream(path, { flags: 'wx' }));
  // Not part of the pipeline: a refused file's stream must go on being read (and dropped) to its end, or the
  // multipart parser would wait for a reader that is gone and the request would never finish.
  const stop = (err: Error) => check.stream.destroy(err);
  const overLimit = () => stop(new UploadRefused('tooLarge', opts.limit));
  file.once('limit', overLimit);
  file.once('error', stop);
  file.pipe(check.stream);
  try {
    await written;
    if ((file as Readable & { truncated?: boolean }).truncated) throw new UploadRefused('tooLarge', opts.limit);
    if (claimed && CONTAINER_TYPES.has(claimed)) await confirmContainer(path, claimed, opts.limit);
  } catch (err) {
    file.unpipe(check.stream);
    file.resume();
    await discard();
    throw err;
  } finally {
    file.off('limit', overLimit);
    file.off('error', stop);
  }
  const { size, sha256, md5 } = check.digest();
  return {
    path,
    name,
    size,
    type: claimed,
    contentType: claimed ? FILE_TYPES[claimed] : ANY_BYTES_TYPE,
    sha256,
    md5,
    discard,
  };
}

/** A container's directory must say it holds the document its name claims. */
async function confirmContainer(path: string, claimed: FileType, limit: UploadLimit): Promise<void> {
  const type = await withFileAccess(path, sniffFile);
  if (type !== claimed) throw new UploadRefused('type', limit);
}
