import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { contentDisposition } from './disposition.js';
import type { StoredFile } from './service.js';

/**
 * Send a kept file's bytes: as the type it was sniffed as, never sniffed again by the browser, never run as a
 * page (a sandbox with nothing allowed), downloaded under its name. Like every /api answer it is not cached
 * (plugins/security-headers.ts).
 */
export function sendFile(reply: FastifyReply, file: StoredFile, bytes: Readable) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('etag', `"${file.sha256}"`)
    .send(bytes);
}
