import { connect, type Socket } from 'node:net';

/** What a raw HTTP/1.1 request got back, and how much of its body had been handed to the socket by then. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The answer's body as text (a JSON envelope for the API's refusals). */
  body: string;
  /** Body bytes the client had written when the answer's first bytes arrived. */
  sentBeforeAnswer: number;
  /** The connection ended with a reset (ECONNRESET, EPIPE) before the answer could be read whole. */
  reset: boolean;
  /** The server ended the connection (FIN or reset) after answering. */
  closed: boolean;
}

export interface RawRequest {
  method?: string;
  /** host:port and path, e.g. from TestServer.baseUrl. */
  url: string;
  headers: Record<string, string>;
  /** The body's first bytes (a multipart head, the opening of a JSON document). */
  head?: Buffer;
  /** Filler written after the head, chunk by chunk, until `bodyBytes` in all or until the answer arrives. */
  fill?: Buffer;
  /** Body bytes to send in all; with no content-length header the body goes chunked. */
  bodyBytes: number;
  /** The body's last bytes (a multipart closing boundary), sent if everything before them was. */
  tail?: Buffer;
  /** Write no more than one filler chunk per `tick()`; a trickling client. */
  tick?: () => Promise<void>;
  /** Write the whole body before looking at any answer, as many clients do (curl, most SDKs). */
  blind?: boolean;
}

/**
 * Send a request over a plain socket, as a client that keeps writing its body while it listens for an answer:
 * writing stops when the answer's first bytes arrive (the server refused early) or when the body is all sent.
 * Resolves once the answer is read and the server has closed the connection or answered in full.
 */
export function rawRequest(req: RawRequest): Promise<RawAnswer> {
  const url = new URL(req.url);
  const chunked = !Object.keys(req.headers).some((h) => h.toLowerCase() === 'content-length');
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    let sentBeforeAnswer = -1;
    let reset = false;
    let received = Buffer.alloc(0);
    let done = false;
    // a blind client reads only once its body is out (or its writes fail)
    let bodySent = false;
    const pending: Buffer[] = [];
    const readPending = () => {
      bodySent = true;
      received = Buffer.concat([received, ...pending]);
    };
    const frame = (bytes: Buffer) =>
      chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
    const write = (bytes: Buffer) =>
      new Promise<boolean>((ok) => {
        if ((!req.blind && sentBeforeAnswer >= 0) || socket.destroyed || !socket.writable) return ok(false);
        const more = socket.write(frame(bytes), (err) => (err ? ok(false) : undefined));
        sent += bytes.length;
        if (more) return ok(true);
        const onDrain = () => {
          socket.off('close', onClose);
          ok(true);
        };
        const onClose = () => {
          socket.off('drain', onDrain);
          ok(false);
        };
        socket.once('drain', onDrain);
        socket.once('close', onClose);
      });
    const finish = (closed: boolean) => {
      if (done) return;
      if (req.blind && !bodySent) return;
      const answer = parseAnswer(received);
      if (!answer) {
        if (reset) {
          done = true;
          resolve({ status: 0, headers: {}, body: '', sentBeforeAnswer, reset, closed: true });
        }
        return;
      }
      done = true;
      socket.destroy();
      resolve({ ...answer, sentBeforeAnswer, reset, closed });
    };
    socket.on('data', (chunk: Buffer) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      if (req.blind && !bodySent) return void pending.push(chunk);
      received = Buffer.concat([received, chunk]);
      const answer = parseAnswer(received);
      // a complete answer with a length: read whole; the close is reported by 'end' if it comes with it
      if (answer && answer.complete && !answer.headers['connection']?.includes('close')) finish(false);
    });
    socket.on('end', () => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      finish(true);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') reset = true;
      else if (!done) return reject(err);
    });
    socket.on('close', () => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      if (req.blind && !bodySent) readPending();
      finish(true);
      if (!done) {
        done = true;
        resolve({ status: 0, headers: {}, body: received.toString(), sentBeforeAnswer, reset, closed: true });
      }
    });
    socket.once('connect', () => {
      void (async () => {
        const lines = [`${req.method ?? 'POST'} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
        for (const [k, v] of Object.entries(req.headers)) lines.push(`${k}: ${v}`);
        if (chunked) lines.push('transfer-encoding: chunked');
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        const head = req.head ?? Buffer.alloc(0);
        const tail = req.tail ?? Buffer.alloc(0);
        if (head.length && !(await write(head))) return;
        const fill = req.fill ?? Buffer.alloc(64 * 1024, 0x20);
        let left = req.bodyBytes - head.length - tail.length;
        while (left > 0) {
          if (req.tick) await req.tick();
          const piece = left >= fill.length ? fill : fill.subarray(0, left);
          if (!(await write(piece))) return;
          left -= piece.length;
        }
        if (tail.length && !(await write(tail))) return;
        if (chunked && (req.blind || sentBeforeAnswer < 0) && socket.writable) socket.write('0\r\n\r\n');
      })()
        .catch(() => undefined)
        .finally(() => {
          if (!req.blind) return;
          readPending();
          const answer = parseAnswer(received);
          if (answer?.complete || socket.readableEnded) finish(socket.readableEnded);
        });
    });
  });
}

interface ParsedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  complete: boolean;
}

/** The status, headers and (content-length or chunked) body of an HTTP/1.1 answer, once its head has arrived. */
function parseAnswer(bytes: Buffer): ParsedAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine, ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine?.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let rest = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) return { status, headers, body: Buffer.concat(parts).toString(), complete: false };
      const size = parseInt(rest.subarray(0, lineEnd).toString(), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString(), complete: true };
      if (rest.length < lineEnd + 2 + size + 2)
        return { status, headers, body: Buffer.concat(parts).toString(), complete: false };
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
  }
  const length = Number(headers['content-length'] ?? NaN);
  const complete = Number.isNaN(length) ? false : rest.length >= length;
  return { status, headers, body: rest.subarray(0, Number.isNaN(length) ? rest.length : length).toString(), complete };
}
