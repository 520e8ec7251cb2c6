import { mkdir, readdir, watch } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from '../support/raw-request.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';
import { form, xlsx } from '../support/xlsx.js';

const MB = 1024 * 1024;
const BOUNDARY = 'limits-test-boundary';

/** A multipart body's opening, as a browser sends it, for one file in the field `file`. */
const multipartHead = (name: string, firstBytes: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
      `content-type: application/octet-stream\r\n\r\n${firstBytes}`,
    'latin1',
  );
const multipartTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** The bytes the server read from every connection made to it (read at any time, closed ones included). */
function countBytesRead(s: TestServer): () => number {
  const sockets: Socket[] = [];
  s.app.server.on('connection', (socket: Socket) => sockets.push(socket));
  return () => sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
}

const envelope = (answer: RawAnswer) => JSON.parse(answer.body) as { code: number; message: string };

// How the HTTP server meets oversized bodies does not depend on the store: one dialect.
describe('oversized requests', () => {
  let s: TestServer;
  let admin: string;
  let superAdmin: string;
  let bytesRead: () => number;
  beforeAll(async () => {
    s = await startTestServer();
    admin = tokenOf(await s.login('admin'));
    superAdmin = tokenOf(await s.login('superAdmin'));
    bytesRead = countBytesRead(s);
  });
  afterAll(async () => s?.close());

  const headers = (token: string, type: string) => ({
    authorization: `Bearer ${token}`,
    'content-type': type,
    'accept-language': 'en-US',
  });

  it('refuses a declared 200 MB upload with a readable 413 before reading it, and closes gracefully', async () => {
    const before = bytesRead();
    const answer = await rawRequest({
      url: `${s.apiBase}/elevators/import`,
      headers: { ...headers(admin, `multipart/form-data; boundary=${BOUNDARY}`), 'content-length': String(200 * MB) },
      head: multipartHead('lifts.xlsx', 'PK\x03\x04'),
      tail: multipartTail,
      bodyBytes: 200 * MB,
    });
    expect(answer.status).toBe(413);
    expect(envelope(answer).message).toBe('The file is larger than 20 MB');
    // the answer came while the client was still sending (what it had written sat in the kernels' buffers)
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * MB);
    expect(bytesRead() - before).toBeLessThan(16 * MB);
    expect(answer.headers.connection).toBe('close');
    expect(answer.reset).toBe(false);
    expect(answer.closed).toBe(true);
  });

  it('refuses a declared 200 MB JSON body before reading it', async () => {
    const before = bytesRead();
    const answer = await rawRequest({
      url: `${s.apiBase}/companies`,
      headers: { ...headers(admin, 'application/json'), 'content-length': String(200 * MB) },
      head: Buffer.from('{"name":"'),
      bodyBytes: 200 * MB,
    });
    expect(answer.status).toBe(413);
    expect(envelope(answer).message).toBe('The request is too large');
    expect(bytesRead() - before).toBeLessThan(16 * MB);
    expect(answer.reset).toBe(false);
  });

  it('answers a streamed 10 MB JSON body with a 413 the client reads, even one that writes it all first', async () => {
    // chunked: nothing declared, so the server counts and stops at its limit (1 MB)
    const answer = await rawRequest({
      url: `${s.apiBase}/companies`,
      headers: headers(admin, 'application/json'),
      head: Buffer.from('{"name":"'),
      bodyBytes: 10 * MB,
      blind: true,
    });
    expect(answer.status).toBe(413);
    expect(envelope(answer).message).toBe('The request is too large');
    expect(answer.reset).toBe(false);
  });

  it('stops reading a streamed upload past its limit and closes the connection after the 413', async () => {
    const before = bytesRead();
    const answer = await rawRequest({
      url: `${s.apiBase}/uploads/uiSettingImage`,
      headers: headers(superAdmin, `multipart/form-data; boundary=${BOUNDARY}`),
      head: multipartHead('logo.png', '\x89PNG\r\n\x1a\n'),
      tail: multipartTail,
      bodyBytes: 100 * MB,
    });
    expect(answer.status).toBe(413);
    expect(envelope(answer).message).toBe('File: the file is larger than 2 MB');
    // not read to its end to reach a next request: the connection ends after the answer
    expect(answer.closed).toBe(true);
    expect(answer.reset).toBe(false);
    expect(bytesRead() - before).toBeLessThan(24 * MB);
  });
});

// An upload that trickles in holds a connection and a slot: it is cut off, and other tenants still import.
describe.each(DIALECTS)('slow imports on %s', (dialect) => {
  let s: TestServer;
  let admin: string;
  let coastal: string;
  beforeAll(async () => {
    // long enough that a loaded machine sends the third import while the trickling two still hold their slots
    s = await startTestServer({ dialect, app: { importLimits: { workerTimeoutMs: 20_000 } } });
    admin = tokenOf(await s.login('admin'));
    coastal = tokenOf(await s.login('coastaladmin'));
  });
  afterAll(async () => s?.close());

  const dtu = (n: number) => String(13_100_000_000 + n);
  const importGateways = async (token: string, n: number, query = '') =>
    s.fetch(`gatewayDevices/import${query}`, {
      method: 'POST',
      token,
      body: form({ name: 'gateways.xlsx', bytes: await xlsx([['DTU number'], [dtu(n)]]) }),
    });

  /** An import whose file arrives a byte at a time, for as long as the server lets it. */
  const trickle = (token: string) => {
    let stop = false;
    const answer = rawRequest({
      url: `${s.apiBase}/gatewayDevices/import`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'accept-language': 'en-US',
        'content-length': String(64 * 1024),
      },
      head: multipartHead('gateways.xlsx', 'PK\x03\x04'),
      tail: multipartTail,
      fill: Buffer.from(' '),
      bodyBytes: 64 * 1024,
      // the client's own pace: a byte every quarter second, never its whole file
      tick: () => new Promise((next) => (stop ? undefined : setTimeout(next, 250))),
    }).finally(() => (stop = true));
    return answer;
  };

  /** Resolves once `count` uploads are being received (their parts staged): each holds its import slot. */
  const staged = async (count: number) => {
    const dir = join(s.uploadDir, '.staging');
    await mkdir(dir, { recursive: true });
    const parts = async () => (await readdir(dir)).filter((f) => f.endsWith('.part')).length;
    const stop = new AbortController();
    const events = watch(dir, { signal: stop.signal });
    try {
      if ((await parts()) >= count) return;
      for await (const _event of events) if ((await parts()) >= count) return;
    } catch (err) {
      if ((err as Error).name !== 'AbortError') throw err;
    } finally {
      stop.abort();
    }
  };

  it(
    'cuts off uploads that trickle, and one tenant holding its slots leaves room for the others',
    { timeout: 120_000 },
    async () => {
      const slow = [trickle(admin), trickle(admin)];
      await staged(2);
      // the tenant's third import is refused while its two trickling uploads hold their slots
      const third = await importGateways(admin, 1, '?dryRun=true');
      expect(third.status).toBe(429);
      expect(third.body.message).toBe('Other imports are being processed; try again in a moment');
      // another tenant still gets in, and its rows are stored
      const other = await importGateways(coastal, 900);
      expect(other.status).toBe(200);
      expect((other.body.data as { created: number }).created).toBe(1);
      const stored = await s.store.db
        .selectFrom('gatewayDevices')
        .select('tenantId')
        .where('dtuCode', '=', dtu(900))
        .executeTakeFirst();
      expect(stored?.tenantId).toBe(s.demo.tenants.coastal);
      // the trickling uploads end when the import's time (counted from the upload's start) is up
      for (const answer of await Promise.all(slow)) {
        expect(answer.status).toBe(408);
        expect(envelope(answer).message).toBe('The file took too long to arrive; try again');
        expect(answer.closed).toBe(true);
      }
      // and their slots are free again
      expect((await importGateways(admin, 901)).status).toBe(200);
    },
  );
});

describe('request timeouts', () => {
  let s: TestServer;
  let superAdmin: string;
  beforeAll(async () => {
    s = await startTestServer({ app: { http: { requestMs: 2_000, checkEveryMs: 100 } } });
    superAdmin = tokenOf(await s.login('superAdmin'));
  });
  afterAll(async () => s?.close());

  it('cuts off any upload that trickles past the request time with 408', async () => {
    let stop = false;
    const answer = await rawRequest({
      url: `${s.apiBase}/uploads/uiSettingImage`,
      headers: {
        authorization: `Bearer ${superAdmin}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(64 * 1024),
      },
      head: multipartHead('logo.png', '\x89PNG\r\n\x1a\n'),
      tail: multipartTail,
      fill: Buffer.from(' '),
      bodyBytes: 64 * 1024,
      tick: () => new Promise((next) => (stop ? undefined : setTimeout(next, 250))),
    }).finally(() => (stop = true));
    // node's request timeout, answered by Fastify before it drops the connection
    expect(answer.status).toBe(408);
    expect(answer.body).toContain('Client Timeout');
  });

  it('cuts off a client that sends its headers a little at a time', async () => {
    const { connect } = await import('node:net');
    const url = new URL(s.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    let ended = false;
    const closed = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('GET /api/public/settings HTTP/1.1\r\nhost: x\r\n');
    const drip = setInterval(() => (ended ? undefined : socket.write('x-slow: 1\r\n')), 250);
    const text = await closed.finally(() => {
      ended = true;
      clearInterval(drip);
    });
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });
});
