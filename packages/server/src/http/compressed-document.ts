import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ENCODINGS = ['br', 'gzip'];

type Encoded = Record<'identity' | 'br' | 'gzip', Buffer>;

/**
 * A large JSON document that does not change while the server runs (the OpenAPI document, 915 KB), serialised
 * and compressed once, off the event loop (zlib's threads), then sent as the copy the client accepts. Before,
 * each request serialised it again and sent it uncompressed.
 */
export function compressedDocument(build: () => unknown) {
  let encoded: Promise<Encoded> | null = null;
  const encode = async (): Promise<Encoded> => {
    const identity = Buffer.from(JSON.stringify(build()));
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    return { identity, br, gzip: gz };
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // a failed encoding is not kept: the next request tries again
    encoded ??= encode().catch((error: unknown) => {
      encoded = null;
      throw error;
    });
    const copies = await encoded;
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) as 'br' | 'gzip' | null;
    reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(copies[encoding ?? 'identity']);
  };
}
