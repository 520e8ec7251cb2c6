import { DEFAULT_TIME_ZONE, REQUEST_TIMEOUT_MS } from '../constants.js';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.js';
import { translate } from '../i18n/translate.js';
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
  /** Longer than the default for slow calls (an xlsx import). */
  timeoutMs?: number;
}

/**
 * A body sent as multipart/form-data (file uploads); everything else is sent as JSON. No body, a plain object or
 * an array is never compared with the global FormData: in Node 20 its first read loads undici (20 ms of a CLI call).
 */
const isForm = (body: unknown): body is FormData =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  Object.getPrototypeOf(body) !== Object.prototype &&
  typeof FormData !== 'undefined' &&
  body instanceof FormData;

function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The file name a Content-Disposition gives (RFC 6266): the UTF-8 filename* when there is one, else filename. */
export function fileNameOf(disposition: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (extended)
    try {
      return decodeURIComponent(extended);
    } catch {
      // a malformed escape: fall back to the plain name
    }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

let local: string | undefined;

/**
 * The machine's time zone, read once: every request carries it, and asking Intl costs about a millisecond in a
 * browser that has just started (14 ms of a cold console's first list screen). A zone changed while the page or
 * the command runs is taken at the next start.
 */
export function localTimeZone(): string {
  if (local === undefined)
    try {
      local = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
    } catch {
      local = DEFAULT_TIME_ZONE;
    }
  return local;
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

  /** The full URL of an API path with its query. */
  url(path: string, query?: Query): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}${toQueryString(query)}`;
  }

  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const response = await this.send(method, path, opts);
    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (response.ok && envelope) return envelope.data;
    throw this.failure(response, envelope);
  }

  /** A call whose answer is a file (an xlsx export): its bytes and name, or the API error its envelope names. */
  async file(path: string, query?: Query, opts: Omit<RequestOptions, 'query' | 'body'> = {}) {
    const response = await this.send('GET', path, { ...opts, query });
    if (!response.ok) {
      const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
      throw this.failure(response, envelope);
    }
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition') ?? '') };
  }

  private failure(response: Response, envelope: Envelope<unknown> | null): ApiError {
    if (!envelope)
      return new ApiError(
        translate(this.language, 'error.requestError'),
        'request',
        response.status,
        'error.requestError',
      );
    const data = (envelope.data ?? {}) as Partial<ErrorData>;
    const error = new ApiError(envelope.message, 'response', response.status, data.key ?? '', data.errors ?? []);
    if (response.status === 401) this.options.onUnauthorized?.(error);
    return error;
  }

  private async send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const url = this.url(path, opts.query);
    const headers = this.headers(opts.anonymous);
    const form = isForm(opts.body);
    // multipart: fetch sets the content type with its boundary.
    if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? this.options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    this.options.onDebug?.(`> ${method} ${url}`);
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal,
      });
    } catch {
      const timedOut = timeout.aborted;
      const key = timedOut ? 'error.timeout' : 'error.connectionFailed';
      throw new ApiError(translate(this.language, key), timedOut ? 'timeout' : 'network', 0, key, []);
    }
    this.options.onDebug?.(`< ${response.status} ${method} ${url}`);
    return response;
  }

  get = <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'query'> = {}) =>
    this.request<T>('GET', path, { ...opts, query });
  post = <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    this.request<T>('POST', path, { ...opts, body: body ?? {} });
  put = <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    this.request<T>('PUT', path, { ...opts, body: body ?? {} });
  delete = <T>(path: string, opts: RequestOptions = {}) => this.request<T>('DELETE', path, opts);
}
