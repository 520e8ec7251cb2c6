import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE_CODE } from '@liftcloud/client';
import { connectLiveSocket } from './liveSocket';

class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event?: { code: number; reason: string }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

const create = (url: string) => new FakeSocket(url) as unknown as WebSocket;

describe('live socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('says username-orgId on open and passes parsed messages on', () => {
    const messages: unknown[] = [];
    connectLiveSocket({
      url: 'ws://x/ws',
      hello: 'alice-12',
      onMessage: (m) => messages.push(m),
      createSocket: create,
    });
    const socket = FakeSocket.made[0]!;
    socket.onopen?.();
    socket.onmessage?.({ data: '{"type":1}' });
    expect(socket.sent).toEqual(['alice-12']);
    expect(messages).toEqual([{ type: 1 }]);
  });

  it('tells when the socket opens and when an open socket closes, once each', () => {
    const changes: boolean[] = [];
    const stop = connectLiveSocket({
      url: 'ws://x/ws',
      hello: 'a-1',
      onMessage: () => {},
      onOpenChange: (open) => changes.push(open),
      createSocket: create,
    });
    const first = FakeSocket.made[0]!;
    first.onclose?.(); // refused before it opened: nothing was open
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(5_000);
    const second = FakeSocket.made[1]!;
    second.onopen?.();
    expect(changes).toEqual([true]);
    second.onclose?.();
    expect(changes).toEqual([true, false]);
    vi.advanceTimersByTime(5_000);
    FakeSocket.made[2]!.onopen?.();
    stop();
    expect(changes).toEqual([true, false, true, false]);
  });

  it('reconnects after 5 s, three attempts at most', () => {
    connectLiveSocket({ url: 'ws://x/ws', hello: 'a-1', onMessage: () => {}, createSocket: create });
    for (let i = 0; i < 5; i++) {
      FakeSocket.made.at(-1)!.onclose?.();
      vi.advanceTimersByTime(5_000);
    }
    expect(FakeSocket.made).toHaveLength(4);
  });

  it('does not reconnect after the server closed the socket as revoked, and says why', () => {
    const revoked: string[] = [];
    connectLiveSocket({
      url: 'ws://x/ws',
      hello: 'a-1',
      onMessage: () => {},
      onRevoked: (reason) => revoked.push(reason),
      createSocket: create,
    });
    const socket = FakeSocket.made[0]!;
    socket.onopen?.();
    socket.onclose?.({ code: LIVE_CLOSE_CODE.revoked, reason: 'locked' });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(revoked).toEqual(['locked']);
  });

  it('opens a new socket after the server dropped one that stopped reading (overflow), without logging out', () => {
    const revoked: string[] = [];
    connectLiveSocket({
      url: 'ws://x/ws',
      hello: 'a-1',
      onMessage: () => {},
      onRevoked: (reason) => revoked.push(reason),
      createSocket: create,
    });
    FakeSocket.made[0]!.onopen?.();
    FakeSocket.made[0]!.onclose?.({ code: LIVE_CLOSE_CODE.overflow, reason: 'send buffer full' });
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onopen?.();
    expect(FakeSocket.made[1]!.sent).toEqual(['a-1']);
    expect(revoked).toEqual([]);
  });
});
