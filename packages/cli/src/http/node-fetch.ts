import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * fetch for the CLI's API calls over node:http(s). Node 20's fetch (undici) compiles its WebAssembly HTTP
 * parser on a process's first request, about 100 ms of CPU: more than the rest of a server call's start (B7).
 *
 * It sends what the client sends (a method, headers, a JSON text body, a signal) and answers with the whole body
 * read, as a BufferedResponse. Anything else (a FormData upload, a Request object) goes to the global fetch, as
 * does a request answered with a redirect (fetch follows it; the server never redirects an API call).
 */
export function nodeFetch(fallback: () => typeof fetch = () => globalThis.fetch): typeof fetch {
  return async (input, init = {}) => {
    const plainBody = init.body === undefined || init.body === null || typeof init.body === 'string';
    // headers as a plain object, as the client sends them (not a Headers, whose class would load undici)
    const plainHeaders =
      init.headers === undefined || (!Array.isArray(init.headers) && typeof init.headers.get !== 'function');
    if (!plainBody || !plainHeaders || !(typeof input === 'string' || input instanceof URL))
      return fallback()(input, init);
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback()(input, init);
    const answer = await send(url, init).catch((error: unknown) => {
      // as fetch fails: a TypeError whose cause is the system error (retry-fetch reads its code), or the abort
      if (init.signal?.aborted) throw init.signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    });
    if (answer.status >= 300 && answer.status < 400 && answer.headers.location) return fallback()(input, init);
    return new BufferedResponse(answer, url.href) as unknown as Response;
  };
}

interface Answer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

async function send(url: URL, init: RequestInit): Promise<Answer> {
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const body = typeof init.body === 'string' ? Buffer.from(init.body) : undefined;
  const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers, ...(init.signal ? { signal: init.signal } : {}) },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('the answer was cut off'));
        });
        res.on('end', () =>
          decoded(res.headers['content-encoding'], Buffer.concat(chunks)).then(
            (body) =>
              resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body }),
            reject,
          ),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The body as sent before a content coding (none is asked for, but a proxy may still compress), as fetch reads it. */
async function decoded(coding: string | undefined, body: Buffer): Promise<Buffer> {
  if (!coding || coding === 'identity') return body;
  const zlib = await import('node:zlib');
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.gunzipSync(body);
  if (coding === 'deflate') return zlib.inflateSync(body);
  if (coding === 'br') return zlib.brotliDecompressSync(body);
  throw new Error(`unknown content coding ${coding}`);
}

/** The answer headers, read as fetch's Headers are (names in any case; repeated values joined). */
class AnswerHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  forEach(fn: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) fn(this.get(name) ?? '', name);
  }
}

/**
 * The members of a Response that the client and liftctl read (status, headers, json, text, blob, arrayBuffer,
 * clone), over a body already read; `body` is null, as for an answer whose stream is gone.
 */
export class BufferedResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: AnswerHeaders;
  readonly redirected = false;
  readonly type = 'basic';
  readonly body = null;
  bodyUsed = false;

  constructor(
    private readonly answer: Answer,
    readonly url: string,
  ) {
    this.status = answer.status;
    this.ok = answer.status >= 200 && answer.status < 300;
    this.statusText = answer.statusText;
    this.headers = new AnswerHeaders(answer.headers);
  }

  private bytes(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.bodyUsed = true;
    return this.answer.body;
  }

  async text(): Promise<string> {
    return this.bytes().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async blob(): Promise<Blob> {
    const type = this.headers.get('content-type') ?? '';
    return new Blob([new Uint8Array(await this.arrayBuffer())], { type });
  }

  clone(): BufferedResponse {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedResponse(this.answer, this.url);
  }
}
