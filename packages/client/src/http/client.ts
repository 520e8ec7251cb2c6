import { DEFAULT_TIME_ZONE, REQUEST_TIMEOUT_MS } from '../constants.js';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.js';
import { translate } from '../i18n/messages.js';
import type { SessionStore } from '../session.js';
import { HEADERS, type Envelope, type ErrorData } from './envelope.js';
import { ApiError } from './errors.js';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface ClientOptions {
  /** The server's API base, e.g. http://localhost:8080/api. */
  baseUrl: string;
  session: SessionStore;
  /** A fetch implementation: the browser's, Node's, or undici's in the CLI. */
  fetch?: typeof fetch;
  timeZone?: string;
  timeoutMs?: number;
  /** Called on any 401 before the error is thrown: the console logs out and reloads, the CLI says to log in. */
  onUnauthorized?: (error: ApiError) => void;
  /** Called for every request and answer, with the token redacted (the CLI's --debug). */
  onDebug?: (line: string) => void;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Send no session token (login, captcha). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The request conventions of console-shell.md §7, shared by the console and the CLI. */
export class HttpClient {
  private readonly fetchImpl: typeof fetch;
  constructor(readonly options: ClientOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  get language(): Language {
    return this.options.session.getLanguage() ?? DEFAULT_LANGUAGE;
  }

  headers(anonymous = false): Record<string, string> {
    const { session } = this.options;
    const h: Record<string, string> = {
      'cache-control': 'no-cache',
      [HEADERS.language]: this.language,
      [HEADERS.timeZone]: this.options.timeZone ?? localTimeZone(),
    };
    const s = session.get();
    if (s && !anonymous) {
      h[HEADERS.authorization] = `Bearer ${s.token}`;
      const org = session.getOrgId();
      if (org !== null) h[HEADERS.org] = String(org);
    }
    return h;
  }

  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}${toQueryString(opts.query)}`;
    const headers = this.headers(opts.anonymous);
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    this.options.onDebug?.(`> ${method} ${url}`);
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal,
      });
    } catch {
      const timedOut = timeout.aborted;
      const key = timedOut ? 'error.timeout' : 'error.connectionFailed';
      throw new ApiError(translate(this.language, key), timedOut ? 'timeout' : 'network', 0, key, []);
    }
    this.options.onDebug?.(`< ${response.status} ${method} ${url}`);
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (response.ok && envelope) return envelope.data;
    if (!envelope) {
      throw new ApiError(
        translate(this.language, 'error.requestError'),
        'request',
        response.status,
        'error.requestError',
      );
    }
    const data = (envelope.data ?? {}) as Partial<ErrorData>;
    const error = new ApiError(envelope.message, 'response', response.status, data.key ?? '', data.errors ?? []);
    if (response.status === 401) this.options.onUnauthorized?.(error);
    throw error;
  }

  get = <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'query'> = {}) =>
    this.request<T>('GET', path, { ...opts, query });
  post = <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    this.request<T>('POST', path, { ...opts, body: body ?? {} });
  put = <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    this.request<T>('PUT', path, { ...opts, body: body ?? {} });
  delete = <T>(path: string, opts: RequestOptions = {}) => this.request<T>('DELETE', path, opts);
}
