import type { LingerOptions } from '../plugins/body-limits.js';

/**
 * How long the HTTP server waits for a client (docs/decisions.md, "Slow and oversized requests"). A client
 * that sends its headers or its body a byte at a time is cut off at these times instead of holding a
 * connection, a slot or a buffer as long as it likes.
 */
export interface HttpLimits extends LingerOptions {
  /** From the connection (or the end of the previous request) to the end of a request's headers. */
  headersMs: number;
  /** From the start of a request to the last byte of its body: a 20 MB upload at 2 Mbit/s takes 80 s. */
  requestMs: number;
  /** A connection silent this long, in either direction, while a request is open, is closed. */
  idleMs: number;
  /** How often node looks for requests past headersMs or requestMs (its default, 30 s, would let them run on). */
  checkEveryMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersMs: 10_000,
  requestMs: 120_000,
  idleMs: 120_000,
  checkEveryMs: 1_000,
  lingerMs: 5_000,
  lingerBytes: 16 * 1024 * 1024,
};

export function httpLimits(given: Partial<HttpLimits> = {}): HttpLimits {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...given };
  // node refuses a headers timeout longer than the request's
  return { ...limits, headersMs: Math.min(limits.headersMs, limits.requestMs) };
}
