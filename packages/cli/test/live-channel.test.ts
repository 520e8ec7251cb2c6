import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { openLiveChannel, RECONNECT, type ChannelNotice, type LiveFrame } from '../src/live/channel.js';
import { frameMatches, parseTypes } from '../src/commands/alarms.js';

/** A whole alarm frame: the channel passes on only frames whose payload matches their type's schema. */
const ALARM = {
  type: 1,
  event: 'alarm',
  data: { dtu: '86100000005', elevatorId: 5, elevatorName: 'Lift 5', id: 1, type: 1, floor: 3, alarmTime: 0 },
};

/** The reconnect policy against a WebSocket server of our own that we can stop and start. */
describe('live channel', () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((r) => s.close(() => r(null)));
  });

  const serve = (port = 0) =>
    new Promise<WebSocketServer>((resolve) => {
      const wss = new WebSocketServer({ port, host: '127.0.0.1' }, () => resolve(wss));
      servers.push(wss);
    });

  it('sends the hello, passes frames on, reconnects after a drop and gives up after 3 attempts', async () => {
    const wss = await serve();
    const port = (wss.address() as AddressInfo).port;
    const hellos: string[] = [];
    const urls: string[] = [];
    wss.on('connection', (socket, req) => {
      urls.push(req.url ?? '');
      socket.on('message', (m) => {
        hellos.push(String(m));
        socket.send(JSON.stringify(ALARM));
      });
    });
    const frames: LiveFrame[] = [];
    const notices: ChannelNotice[] = [];
    const channel = openLiveChannel({
      server: `http://127.0.0.1:${port}`,
      token: 'tok en',
      username: 'admin',
      orgId: 2,
      onFrame: (f) => frames.push(f),
      onNotice: (n) => notices.push(n),
      reconnect: { delayMs: 50, attempts: 3 },
    });
    await expect.poll(() => frames.length).toBe(1);
    expect(hellos).toEqual(['admin-2']);
    expect(urls[0]).toBe('/api/ws?token=tok%20en');

    // Drop the connection and bring the server back: one reconnect, the count starts again.
    for (const c of wss.clients) c.terminate();
    await expect.poll(() => frames.length).toBe(2);
    expect(notices.map((n) => n.kind)).toEqual(['open', 'lost', 'open']);
    expect(notices[2]).toEqual({ kind: 'open', reconnected: true });

    // Now stop the server for good: three attempts, then a clear end.
    for (const c of wss.clients) c.terminate();
    await new Promise((r) => wss.close(() => r(null)));
    const end = await channel.done;
    expect(end).toMatchObject({ kind: 'gaveUp', attempts: 3 });
    expect(notices.filter((n) => n.kind === 'lost').map((n) => (n as { attempt: number }).attempt)).toEqual([
      1, 1, 2, 3,
    ]);
  });

  it('by default keeps trying with a doubling wait, no limit, until the server is back; retryNow skips the wait', async () => {
    const wss = await serve();
    const port = (wss.address() as AddressInfo).port;
    wss.on('connection', (socket) => socket.on('message', () => socket.send(JSON.stringify(ALARM))));
    const frames: LiveFrame[] = [];
    const notices: ChannelNotice[] = [];
    const channel = openLiveChannel({
      server: `http://127.0.0.1:${port}`,
      token: 't',
      username: 'admin',
      orgId: 1,
      onFrame: (f) => frames.push(f),
      onNotice: (n) => notices.push(n),
      reconnect: { ...RECONNECT, delayMs: 5, maxDelayMs: 40 },
    });
    await expect.poll(() => frames.length).toBe(1);
    for (const c of wss.clients) c.terminate();
    await new Promise((r) => wss.close(() => r(null)));
    const lost = () => notices.filter((n): n is Extract<ChannelNotice, { kind: 'lost' }> => n.kind === 'lost');
    // well past the console's 3 attempts
    await expect.poll(() => lost().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    expect(
      lost()
        .map((n) => n.delayMs)
        .slice(0, 6),
    ).toEqual([5, 10, 20, 40, 40, 40]);
    expect(lost().every((n) => n.of === Infinity)).toBe(true);
    expect(notices.some((n) => n.kind === 'gaveUp')).toBe(false);

    const back = await serve(port);
    back.on('connection', (socket) => socket.on('message', () => socket.send(JSON.stringify(ALARM))));
    channel.retryNow();
    await expect.poll(() => frames.length).toBe(2);
    expect(notices.at(-1)).toEqual({ kind: 'open', reconnected: true });
    channel.close();
    expect(await channel.done).toBeNull();
  });

  it('does not retry a hello the server refuses (4003)', async () => {
    const wss = await serve();
    wss.on('connection', (socket) => socket.on('message', () => socket.close(4003, 'hello does not match')));
    const channel = openLiveChannel({
      server: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
      token: 't',
      username: 'x',
      orgId: 1,
      onFrame: () => undefined,
      reconnect: { delayMs: 50, attempts: 3 },
    });
    expect(await channel.done).toMatchObject({ kind: 'refused', status: 4003 });
  });

  it('filters by type name or number and by elevator', () => {
    const types = parseTypes(['alarm', 'work-order', '2']);
    expect([...types].sort()).toEqual([1, 2, 4]);
    expect(() => parseTypes(['nope'])).toThrow(/Unknown frame type|未知/);
    expect([...parseTypes(['gateway-test', '5'])].sort()).toEqual([5, 6]);
    expect(() => parseTypes(['99'])).toThrow(/Unknown frame type|未知/);
    expect([...parseTypes([])].sort()).toEqual([1, 2, 4]);
    expect(parseTypes(['all']).size).toBe(0);
    const alarm = { type: 1, event: 'alarm', data: { elevatorId: 7 } };
    expect(frameMatches(alarm, { types, elevators: new Set([7]) })).toBe(true);
    expect(frameMatches(alarm, { elevators: new Set([8]) })).toBe(false);
    expect(frameMatches({ type: 3, event: 'status', data: {} }, { types })).toBe(false);
  });
});
