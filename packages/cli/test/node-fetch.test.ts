import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeFetch } from '../src/http/node-fetch.js';
import { retryingFetch } from '../src/http/retry-fetch.js';

/** What the server saw of each request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server on a free port, answering by path. */
describe('fetch over node:http', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  /** Requests the global fetch sent instead (what nodeFetch hands over). */
  const handedOver: string[] = [];
  const fallback = () =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      handedOver.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    }) as typeof fetch;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        if (path === '/api/json') {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.setHeader('x-two', ['a', 'b']);
          res.end(JSON.stringify({ code: 200, data: { name: 'Harbour 港湾' } }));
        } else if (path === '/api/missing') {
          res.statusCode = 404;
          res.end(JSON.stringify({ code: 404, message: 'No such record' }));
        } else if (path === '/api/gzip') {
          res.setHeader('content-encoding', 'gzip');
          res.end(gzipSync(JSON.stringify({ zipped: true })));
        } else if (path === '/api/moved') {
          res.statusCode = 307;
          res.setHeader('location', '/api/json');
          res.end();
        } else if (path === '/api/file') {
          res.setHeader('content-type', 'application/octet-stream');
          res.end(Buffer.from([0, 1, 2, 255]));
        } else if (path === '/api/slow') {
          // answers never: the caller's signal ends it
        } else {
          res.statusCode = 500;
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const f = () => nodeFetch(fallback);

  it('sends the method, headers and JSON text and reads the answer as fetch does', async () => {
    const res = await f()(`${base}/api/json?pageNo=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ name: 'Harbour 港湾' }),
    });
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-two')).toBe('a, b');
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.clone().text()).toContain('港湾');
    expect(await res.json()).toEqual({ code: 200, data: { name: 'Harbour 港湾' } });
    await expect(res.json()).rejects.toThrow(TypeError);
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/api/json?pageNo=2', body: '{"name":"Harbour 港湾"}' });
    expect(last?.headers.authorization).toBe('Bearer t');
    expect(last?.headers['content-length']).toBe(String(Buffer.byteLength('{"name":"Harbour 港湾"}')));
    expect(handedOver).toEqual([]);
  });

  it('answers an error status as a response, not a failure', async () => {
    const res = await f()(`${base}/api/missing`);
    expect(res.ok).toBe(false);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: 'No such record' });
  });

  it('reads bytes, blobs and a compressed answer', async () => {
    const bytes = new Uint8Array(await (await f()(`${base}/api/file`)).arrayBuffer());
    expect([...bytes]).toEqual([0, 1, 2, 255]);
    const blob = await (await f()(`${base}/api/file`)).blob();
    expect(blob.type).toBe('application/octet-stream');
    expect(blob.size).toBe(4);
    expect(await (await f()(`${base}/api/gzip`)).json()).toEqual({ zipped: true });
  });

  it('fails as fetch fails: a refused connection is a TypeError with the system code, which retry-fetch reads', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await f()(`http://127.0.0.1:${port}/api/json`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    const reasons: string[] = [];
    const retrying = retryingFetch(f(), {
      retries: 2,
      baseDelayMs: 1,
      maxDelayMs: 1,
      sleep: async () => {},
      onRetry: (r) => reasons.push(r.reason),
    });
    await expect(retrying(`http://127.0.0.1:${port}/api/json`)).rejects.toThrow(TypeError);
    expect(reasons).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
  });

  it('ends at the signal with its reason, as fetch does (the client tells a timeout by it)', async () => {
    const controller = new AbortController();
    const answer = f()(`${base}/api/slow`, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitUntil(() => seen.some((s) => s.url === '/api/slow'));
    const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    controller.abort(reason);
    expect(await answer).toBe(reason);
  });

  it('hands a redirect, a FormData upload or a Headers object to the global fetch', async () => {
    handedOver.length = 0;
    const moved = await f()(`${base}/api/moved`);
    expect(moved.status).toBe(200);
    expect(moved.redirected).toBe(true);
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.txt');
    await f()(`${base}/api/json`, { method: 'POST', body: form });
    await f()(`${base}/api/json`, { headers: new Headers({ 'x-a': '1' }) });
    expect(handedOver).toEqual([`GET ${base}/api/moved`, `POST ${base}/api/json`, `GET ${base}/api/json`]);
  });
});
