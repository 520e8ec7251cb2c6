import { FILE_FIELD_LABEL, megabytesOf, type Localized, type UploadLimit } from '@liftcloud/client';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { HttpError, ValidationError } from '../http/errors.js';
import type { RouteConfig } from '../http/route.js';
import { UploadRefused, type Received } from './receive.js';

/** The field a refusal names, labelled for the reader's language ('File' unless a route says otherwise). */
const fieldSchema = (label: Localized) => Type.Object({ file: { ...Type.String(), 'x-label': label } });

/** An upload refusal as the field error every upload route answers: 400 for the type, 413 for the size. */
export function refusalError(err: UploadRefused, label: Localized = FILE_FIELD_LABEL): ValidationError {
  const schema = fieldSchema(label);
  if (err.reason === 'tooLarge')
    return new ValidationError(
      [{ field: 'file', rule: 'upload.tooLarge', params: { limit: megabytesOf(err.limit) } }],
      schema,
      413,
    );
  return new ValidationError(
    [{ field: 'file', rule: 'upload.type', params: { types: err.limit.types.join(', ') } }],
    schema,
  );
}

/** What a multipart form adds around its one file: boundaries, the part's headers, a long file name. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The route setting of an upload of at most `limit`: a request that declares a larger body is refused with the
 * upload's own 413 before any of it is read (plugins/body-limits.ts).
 */
export function uploadRoute(limit: UploadLimit, label?: Localized): RouteConfig {
  return {
    bodyBytes: {
      max: limit.maxBytes + MULTIPART_OVERHEAD_BYTES,
      refusal: () => refusalError(new UploadRefused('tooLarge', limit), label),
    },
  };
}

/** The multipart parser's own refusals of a form with more than one part. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The one file of an upload request: exactly one part, a file in the field `file` (anything more is 400
 * upload.oneFile, and what was received of it is discarded). `take` receives the file's stream; the parser's
 * own size cap is `maxBytes`, so the stream says so ('limit') at the first byte past it. Refusals of the file
 * become the route's field errors, labelled `label`.
 */
export async function receiveOne(
  req: FastifyRequest,
  maxBytes: number,
  take: (part: MultipartFile) => Promise<Received>,
  label?: Localized,
): Promise<Received> {
  if (!req.isMultipart()) throw new HttpError(415, 'upload.oneFile');
  let received: Received | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } })) {
      if (received || part.type !== 'file' || part.fieldname !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(400, 'upload.oneFile');
      }
      received = await take(part);
    }
  } catch (err) {
    await received?.discard();
    if (err instanceof UploadRefused) throw refusalError(err, label);
    if (TOO_MANY_PARTS.has((err as { code?: string }).code ?? '')) throw new HttpError(400, 'upload.oneFile');
    throw err;
  }
  if (!received) throw new HttpError(400, 'upload.oneFile');
  return received;
}
