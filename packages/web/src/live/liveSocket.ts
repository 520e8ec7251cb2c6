import { LIVE_CLOSE_CODE, WEBSOCKET_RECONNECT, liveRevokeReason, type LiveRevokeReason } from '@liftcloud/client';

export interface LiveSocketOptions {
  url: string;
  /** Sent once the socket opens: `${username}-${orgId}` (console-shell.md §7). */
  hello: string;
  onMessage: (message: unknown) => void;
  /** The socket opened, or an open socket closed (before any reconnect). */
  onOpenChange?: (open: boolean) => void;
  /** The server closed the socket because the session no longer stands (LIVE_CLOSE_CODE.revoked): no retry. */
  onRevoked?: (reason: LiveRevokeReason) => void;
  createSocket?: (url: string) => WebSocket;
}

/**
 * The live channel: says hello on open, hands parsed messages on, and after a close waits 5 s and tries
 * again, at most 3 times in a row; a socket the server closed as revoked is not tried again. Returns a function
 * that closes it for good.
 */
export function connectLiveSocket(options: LiveSocketOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let attempts = 0;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  let isOpen = false;
  const setOpen = (open: boolean) => {
    if (open === isOpen) return;
    isOpen = open;
    options.onOpenChange?.(open);
  };

  const open = () => {
    socket = create(options.url);
    socket.onopen = () => {
      attempts = 0;
      socket?.send(options.hello);
      setOpen(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      try {
        options.onMessage(JSON.parse(String(event.data)));
      } catch {
        options.onMessage(event.data);
      }
    };
    socket.onclose = (event?: CloseEvent) => {
      setOpen(false);
      if (!stopped && event?.code === LIVE_CLOSE_CODE.revoked) {
        stopped = true;
        return options.onRevoked?.(liveRevokeReason(event.reason));
      }
      if (stopped || attempts >= WEBSOCKET_RECONNECT.attempts) return;
      attempts++;
      retry = setTimeout(open, WEBSOCKET_RECONNECT.delayMs);
    };
    // Errors are followed by close, which decides about reconnecting; nothing to show the user.
    socket.onerror = () => undefined;
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
    setOpen(false);
  };
}
