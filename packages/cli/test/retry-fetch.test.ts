import { describe, expect, it, vi } from 'vitest';
import { redactBody, redactHeaders } from '../src/http/redact.js';
import { retryAfterMs, retryingFetch } from '../src/http/retry-fetch.js';

/** A fake fetch answering from a script of statuses ('drop' throws like a reset connection). */
function scripted(script: (number | 'drop')[]) {
  const calls: string[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const next = script.shift() ?? 200;
    if (next === 'drop') throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    return new Response(JSON.stringify({ code: next }), {
      status: next,
      headers: next === 429 ? { 'retry-after': '0' } : {},
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const noSleep = { retries: 3, baseDelayMs: 1, maxDelayMs: 2, sleep: async () => {} };

describe('retrying fetch', () => {
  it('retries a GET on 429, 5xx and a dropped connection, then answers', async () => {
    const { fetchImpl, calls } = scripted([429, 503, 'drop', 200]);
    const retries: string[] = [];
    const f = retryingFetch(fetchImpl, { ...noSleep, onRetry: (r) => retries.push(r.reason) });
    const res = await f('http://x/api/companies');
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(4);
    expect(retries).toEqual(['HTTP 429', 'HTTP 503', 'ECONNRESET']);
  });

  it('gives up after the retries and hands back the last answer', async () => {
    const { fetchImpl, calls } = scripted([502, 502, 502, 502, 502]);
    const res = await retryingFetch(fetchImpl, noSleep)('http://x/api/companies');
    expect(res.status).toBe(502);
    expect(calls).toHaveLength(4);
  });

  it('repeats a write only after 429, which the server answers before doing anything', async () => {
    const { fetchImpl, calls } = scripted([429, 201]);
    const res = await retryingFetch(fetchImpl, noSleep)('http://x/api/auth/token', { method: 'POST', body: '{}' });
    expect(res.status).toBe(201);
    expect(calls).toEqual(['POST http://x/api/auth/token', 'POST http://x/api/auth/token']);
  });

  it('never repeats a write after 5xx or a dropped connection', async () => {
    const { fetchImpl, calls } = scripted([503, 200]);
    const res = await retryingFetch(fetchImpl, noSleep)('http://x/api/companies', { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect(calls).toEqual(['POST http://x/api/companies']);
    const dropped = scripted(['drop']);
    await expect(retryingFetch(dropped.fetchImpl, noSleep)('http://x', { method: 'DELETE' })).rejects.toThrow();
    expect(dropped.calls).toHaveLength(1);
  });

  it('does not retry what was 4xx', async () => {
    const { fetchImpl, calls } = scripted([404]);
    expect((await retryingFetch(fetchImpl, noSleep)('http://x')).status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(null)).toBeUndefined();
    // a date is read against the clock: a fixed one here
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    try {
      expect(retryAfterMs('Fri, 02 Jan 2026 03:05:05 GMT')).toBe(60_000);
      expect(retryAfterMs('Fri, 02 Jan 2026 03:00:00 GMT')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('debug redaction', () => {
  it('hides tokens, passwords and codes', () => {
    expect(redactHeaders({ authorization: 'Bearer abc.def', 'x-org-id': '2' })).toEqual({
      authorization: 'Bearer ***',
      'x-org-id': '2',
    });
    const body = JSON.parse(
      redactBody(JSON.stringify({ username: 'admin', password: 'LiftDemo2026', captchaCode: '1234', token: 'lct_x' })),
    ) as Record<string, string>;
    expect(body).toEqual({ username: 'admin', password: '***', captchaCode: '***', token: '***' });
    const answer = JSON.parse(redactBody(JSON.stringify({ code: 200, data: { imPassword: 'x', creditCode: 'C1' } })));
    expect(answer).toEqual({ code: 200, data: { imPassword: '***', creditCode: 'C1' } });
  });
});
