/** Which calls are safe to send twice: reading calls only (RFC 9110 §9.2.1). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

export interface RetryOptions {
  /** Attempts after the first. */
  retries: number;
  /** Wait before the first retry; doubled each time, with jitter, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest Retry-After a 429 may ask us to wait (rate limits count in minutes). */
  maxRetryAfterMs?: number;
  /** Told about each retry (the CLI prints it with --debug). */
  onRetry?: (info: { method: string; url: string; attempt: number; delayMs: number; reason: string }) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 3, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/** Seconds or an HTTP date in Retry-After, as milliseconds. */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * A fetch that retries safe calls on 429, 5xx and dropped or refused connections, with exponential
 * backoff and jitter, honouring Retry-After. Writes are retried only on 429, which the server answers
 * before doing anything; after a 5xx or a dropped connection a write may have happened, so it is not repeated.
 */
export function retryingFetch(inner: typeof fetch, options: RetryOptions = DEFAULT_RETRY): typeof fetch {
  const sleep = options.sleep ?? abortableSleep;
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const safe = SAFE_METHODS.has(method);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    for (let attempt = 0; ; attempt++) {
      let reason: string;
      let hinted: number | undefined;
      try {
        const response = await inner(input, init);
        const retryable = safe ? RETRY_STATUSES.has(response.status) : response.status === 429;
        if (!retryable || attempt >= options.retries) return response;
        reason = `HTTP ${response.status}`;
        hinted = retryAfterMs(response.headers.get('retry-after'));
        await response.body?.cancel();
      } catch (error) {
        if (!safe || init?.signal?.aborted || attempt >= options.retries) throw error;
        const cause = (error as { cause?: { code?: string } }).cause;
        reason = cause?.code ?? (error as Error).message;
      }
      const backoff = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      const delayMs = Math.round(
        hinted !== undefined ? Math.min(hinted, options.maxRetryAfterMs ?? options.maxDelayMs) : backoff,
      );
      options.onRetry?.({ method, url, attempt: attempt + 1, delayMs, reason });
      await sleep(delayMs, init?.signal ?? undefined);
    }
  };
}
