import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The most a request body of this route may be, and the error that refuses more (an upload's own 413,
     * naming its limit). Unset: the route's bodyLimit and Fastify's 413.
     */
    bodyBytes?: { max: number; refusal: () => Error };
  }
}

/** How long and how much a refused request's connection is still read (and dropped) after its answer. */
export interface LingerOptions {
  /** After the answer: the longest the rest of the body is read before the connection is cut (ms). */
  lingerMs: number;
  /** After the answer: the most body bytes read (and dropped) before the connection is cut. */
  lingerBytes: number;
}

export const DEFAULT_LINGER: LingerOptions = { lingerMs: 5_000, lingerBytes: 16 * 1024 * 1024 };

/** The declared length, if the request declares one (chunked bodies do not). */
function declaredLength(req: FastifyRequest): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isFinite(n) ? n : null;
}

/**
 * Close a connection gracefully once its answer is written, while its client may still be sending a body
 * nobody will read: the answer goes out, then our FIN, and what still arrives is read and dropped (at most
 * `lingerBytes`, for at most `lingerMs`) so the client's kernel is not answered with a reset that would
 * throw the answer away before the client reads it (nginx's lingering close). Past either bound, or when the
 * client stops sending, the socket goes.
 */
function lingerOnClose(socket: Socket, req: FastifyRequest, opts: LingerOptions): void {
  // node ends a `connection: close` answer with socket.destroySoon(): FIN and destroy at once
  (socket as Socket & { destroySoon: () => void }).destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    this.end();
    let read = 0;
    const cut = () => this.destroy();
    const timer = setTimeout(cut, opts.lingerMs);
    timer.unref();
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > opts.lingerBytes) cut();
    };
    // node dumps the request's unread body (it resumes it) before it closes: count what passes
    req.raw.on('data', onData);
    req.raw.once('end', cut);
    this.once('end', cut);
    this.once('close', () => clearTimeout(timer));
  };
}

/**
 * Bodies refused as early as they can be, and refusals a client can read:
 * - a declared Content-Length past the route's limit is answered 413 before a byte of the body is read
 *   (before authentication too: nothing about the caller changes that answer);
 * - an answer sent before its request's body was read whole (a 413 at the first byte past a limit, an upload
 *   cut off by its deadline, a refusal of an unread upload) closes the connection instead of reading the rest
 *   to reach a next request, and closes it gracefully (lingerOnClose).
 */
export function installBodyLimits(app: FastifyInstance, linger: LingerOptions = DEFAULT_LINGER): void {
  app.addHook('onRequest', async (req) => {
    const declared = declaredLength(req);
    if (declared === null) return;
    const own = req.routeOptions.config.bodyBytes;
    const max = own?.max ?? req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? Infinity;
    if (declared <= max) return;
    if (own) throw own.refusal();
    throw Object.assign(new Error('request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
  });
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.raw.complete || reply.raw.headersSent) return;
    reply.header('connection', 'close');
    const socket = req.raw.socket as Socket | null;
    if (socket) lingerOnClose(socket, req, linger);
  });
}
