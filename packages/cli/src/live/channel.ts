import {
  LIVE_CLOSE_CODE,
  LIVE_FRAME_TYPE,
  liveRevokeReason,
  parseLiveFrame,
  type LiveFrame,
  type LiveRevokeReason,
} from '@liftcloud/client';
import WebSocket from 'ws';

export type { LiveFrame };

export const FRAME_TYPES = LIVE_FRAME_TYPE;
export type FrameTypeName = keyof typeof FRAME_TYPES;

/**
 * How liftctl reconnects: the console's first wait (5 s, console-shell.md §9), doubled after each failed attempt
 * up to 12 times it (60 s), with no limit on attempts: a tail left running over SSH outlives a server restart
 * (docs/decisions.md, "Daily use"). `--max-retries` sets a limit. LIFTCTL_RECONNECT_DELAY_MS shortens the first
 * wait for tests only.
 */
export interface ReconnectPolicy {
  delayMs: number;
  attempts: number;
  /** The longest wait between attempts (the wait doubles up to it); absent: always delayMs. */
  maxDelayMs?: number;
}
const firstDelayMs =
  Number(process.env.LIFTCTL_RECONNECT_DELAY_MS) > 0 ? Number(process.env.LIFTCTL_RECONNECT_DELAY_MS) : 5_000;
export const RECONNECT: ReconnectPolicy = { delayMs: firstDelayMs, attempts: Infinity, maxDelayMs: firstDelayMs * 12 };

/** The wait before the nth attempt (1-based). */
export const reconnectDelay = (policy: ReconnectPolicy, attempt: number): number =>
  Math.min(policy.delayMs * 2 ** (attempt - 1), policy.maxDelayMs ?? policy.delayMs);

export type ChannelNotice =
  | { kind: 'open'; reconnected: boolean }
  /** `of`: the attempts allowed, Infinity without a limit. */
  | { kind: 'lost'; reason: string; attempt: number; of: number; delayMs: number }
  | { kind: 'gaveUp'; attempts: number; reason: string }
  | { kind: 'refused'; status: number; reason: string }
  /** The server closed the socket because its session no longer stands (LIVE_CLOSE_CODE.revoked). */
  | { kind: 'revoked'; reason: LiveRevokeReason };

export interface ChannelOptions {
  /** The server's base URL (http or https); the socket goes to {server}/api/ws. */
  server: string;
  token: string;
  username: string;
  orgId: number | null;
  onFrame(frame: LiveFrame): void;
  onNotice?(notice: ChannelNotice): void;
  /** Another reconnect policy (--max-retries, tests). */
  reconnect?: ReconnectPolicy;
}

export interface LiveChannel {
  /** Resolves when the channel is closed for good: by close(), or after the reconnect attempts ran out. */
  done: Promise<ChannelNotice | null>;
  close(): void;
  /** While waiting to reconnect: try now (the dashboard's r key). */
  retryNow(): void;
}

export function liveUrl(server: string, token: string): string {
  const base = server.replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${base}/api/ws?token=${encodeURIComponent(token)}`;
}

/**
 * The live channel as the console keeps it: connect with the token, send the hello `username-orgId`, hand every
 * frame on; when the connection drops, wait and try again (RECONNECT: backoff, no limit unless given), a
 * successful connection resetting the count. A refusal (401, 403, a hello the server rejects) or a revocation
 * (the session ended elsewhere) is not retried.
 */
export function openLiveChannel(opts: ChannelOptions): LiveChannel {
  const policy = opts.reconnect ?? RECONNECT;
  let closed = false;
  let socket: WebSocket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let everOpened = false;
  let finish!: (notice: ChannelNotice | null) => void;
  const done = new Promise<ChannelNotice | null>((resolve) => (finish = resolve));

  const end = (notice: ChannelNotice | null) => {
    if (closed) return;
    closed = true;
    if (timer) clearTimeout(timer);
    socket?.removeAllListeners();
    socket?.on('error', () => undefined);
    socket?.terminate();
    if (notice) opts.onNotice?.(notice);
    finish(notice);
  };

  const connect = () => {
    timer = null;
    if (closed) return;
    const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
    if (opts.orgId !== null) headers['x-org-id'] = String(opts.orgId);
    const ws = new WebSocket(liveUrl(opts.server, opts.token), { headers, handshakeTimeout: 10_000 });
    socket = ws;
    let lastError = '';
    let refused: ChannelNotice | null = null;
    ws.on('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      if (status === 401 || status === 403) refused = { kind: 'refused', status, reason: `HTTP ${status}` };
      lastError = `HTTP ${status}`;
      res.resume();
      ws.terminate();
    });
    ws.on('open', () => {
      ws.send(`${opts.username}-${opts.orgId ?? ''}`);
      opts.onNotice?.({ kind: 'open', reconnected: everOpened });
      everOpened = true;
      failures = 0;
    });
    ws.on('message', (raw) => {
      let message: unknown;
      try {
        message = JSON.parse(String(raw));
      } catch {
        return; // not JSON, so not a frame
      }
      // a frame of an unknown type, or whose payload does not match its type's schema, is not passed on
      const frame = parseLiveFrame(message);
      if (frame) opts.onFrame(frame);
    });
    ws.on('error', (error) => (lastError = error.message || lastError));
    ws.on('close', (code, reason) => {
      if (closed) return;
      if (code === LIVE_CLOSE_CODE.revoked) return end({ kind: 'revoked', reason: liveRevokeReason(String(reason)) });
      if (code === LIVE_CLOSE_CODE.helloMismatch)
        refused = { kind: 'refused', status: code, reason: String(reason) || 'hello refused' };
      if (refused) return end(refused);
      const why = lastError || (code ? `closed (${code})` : 'closed');
      if (failures >= policy.attempts) return end({ kind: 'gaveUp', attempts: policy.attempts, reason: why });
      failures++;
      const delayMs = reconnectDelay(policy, failures);
      opts.onNotice?.({ kind: 'lost', reason: why, attempt: failures, of: policy.attempts, delayMs });
      timer = setTimeout(connect, delayMs);
    });
  };
  connect();
  const retryNow = () => {
    if (closed || !timer) return;
    clearTimeout(timer);
    timer = null;
    connect();
  };
  return { done, close: () => end(null), retryNow };
}
