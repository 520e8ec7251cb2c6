import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { receive, UploadRefused, type Received } from '../../files/receive.js';
import { ImportFileError } from '../../services/xlsx/errors.js';

/** An import takes one .xlsx: the types of the upload step, with the import's own size limit. */
const XLSX = { types: ['xlsx'] } as const;

export const importTooLarge = (maxBytes: number): ImportFileError =>
  new ImportFileError(413, 'tooLarge', { limit: Math.round(maxBytes / 1024 / 1024) });

/**
 * The one file of an import through the bounded upload step every upload takes: its size stopped at the limit
 * while it streams, its name and content (a ZIP holding xl/workbook.xml) judged as an .xlsx. Cut off when the
 * import's time is up (`expired`): the part's stream is ended, what was staged deleted, and the refusal (408) is
 * answered at once, even while the client trickles on (plugins/body-limits.ts then closes the connection).
 */
export async function receiveImportFile(
  req: FastifyRequest,
  opts: { maxBytes: number; stagingDir: string; expired: AbortSignal },
): Promise<Received> {
  const tooSlow = new ImportFileError(408, 'tooSlow');
  let part: Readable | null = null;
  const receiving = receiveParts(req, opts, (file) => (part = file));
  let onExpired: () => void = () => undefined;
  const cut = new Promise<never>((_, reject) => {
    onExpired = () => {
      (part as Readable | null)?.destroy(tooSlow);
      reject(tooSlow);
    };
    if (opts.expired.aborted) onExpired();
    else opts.expired.addEventListener('abort', onExpired, { once: true });
  });
  try {
    return await Promise.race([receiving, cut]);
  } catch (err) {
    // a file that still arrives after the cut is not kept
    void receiving.then((late) => late.discard()).catch(() => undefined);
    throw opts.expired.aborted ? tooSlow : err;
  } finally {
    opts.expired.removeEventListener('abort', onExpired);
  }
}

async function receiveParts(
  req: FastifyRequest,
  opts: { maxBytes: number; stagingDir: string },
  onPart: (file: Readable) => void,
): Promise<Received> {
  let file: Received | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (file || part.fieldname !== 'file') {
        part.file.resume();
        throw new ImportFileError(400, 'oneFile');
      }
      onPart(part.file);
      file = await receive(part.file, part.filename, {
        limit: { ...XLSX, maxBytes: opts.maxBytes },
        stagingDir: opts.stagingDir,
      });
    }
  } catch (err) {
    await file?.discard();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (err instanceof UploadRefused && err.reason === 'tooLarge'))
      throw importTooLarge(opts.maxBytes);
    if (err instanceof UploadRefused) throw new ImportFileError(400, 'notXlsx');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ImportFileError(400, 'oneFile');
    throw err;
  }
  if (!file) throw new ImportFileError(400, 'oneFile');
  return file;
}
