import { LIVE_CLOSE_CODE, LIVE_SEND_BUFFER_BYTES, type LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/server.js';

interface Socket {
  ws: WebSocket;
  /** Status frames received, by their elevator id (each frame published carries its sequence number there). */
  seen: number[];
  closed: Promise<{ code: number; reason: string }>;
}

async function openSocket(s: TestServer, client: LiftCloudClient): Promise<Socket> {
  const session = client.session.get()!;
  const ws = new WebSocket(`${s.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(session.token)}`);
  const seen: number[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { event: string; data: { elevatorId: number } };
    if (frame.event === 'status') seen.push(frame.data.elevatorId);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`${session.username}-${session.orgId}`);
  return { ws, seen, closed };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Issue 21 (B4): a console that stops reading must not slow the others nor make the server hold its frames
 * without bound. The stalled socket here is a real client whose TCP reads are paused (ws.pause()): the kernel's
 * buffers fill, then the hub's, until it passes LIVE_SEND_BUFFER_BYTES.
 */
describe('a stalled live socket', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let coastal: LiftCloudClient;
  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite' });
    admin = await s.login('admin');
    coastal = await s.login('coastaladmin');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is closed with the overflow code while a healthy socket keeps receiving every frame', async () => {
    const healthy = await openSocket(s, admin);
    const stalled = await openSocket(s, admin);
    const otherTenant = await openSocket(s, coastal);
    stalled.ws.pause();

    // Frames of about 2 KB (a long elevator name), in bursts of 100 with a turn of the event loop between them
    // so the healthy sockets read as a console would.
    const name = 'Tower '.repeat(330);
    let published = 0;
    const burst = async () => {
      for (let k = 0; k < 100; k++) {
        published++;
        await s.app.monitoring.live.publish(
          'status',
          { tenantId: s.demo.tenants.demo, orgIds: [s.demo.companies.useUnit!], elevatorId: 1 },
          {
            dtu: '86999999999',
            elevatorId: published,
            elevatorName: name,
            floor: 1,
            direction: 1,
            door: 0,
            run: 1,
            flags: [],
          },
        );
      }
      await turn();
    };
    // Until the hub gives the stalled socket up: at most 40 MB of frames, far past the kernel’s socket buffers.
    while (s.app.monitoring.hub.overflowed() === 0 && published < 20_000) await burst();
    expect(s.app.monitoring.hub.overflowed()).toBe(1);
    const droppedAt = published;
    expect(droppedAt * 2000).toBeGreaterThan(LIVE_SEND_BUFFER_BYTES);

    // The healthy socket goes on receiving after the drop, every frame in order.
    for (let i = 0; i < 5; i++) await burst();
    while (healthy.seen.length < published) await turn();
    expect(healthy.seen).toEqual(Array.from({ length: published }, (_, i) => i + 1));
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);

    // The stalled client, reading again, finds the close code behind what was queued before the drop, and
    // nothing published after it.
    stalled.ws.resume();
    expect(await stalled.closed).toEqual({ code: LIVE_CLOSE_CODE.overflow, reason: 'send buffer full' });
    expect(stalled.seen.length).toBeLessThan(droppedAt);
    expect(stalled.seen.length).toBeGreaterThan(0);
    expect(stalled.seen).toEqual(Array.from({ length: stalled.seen.length }, (_, i) => i + 1));

    // Another tenant's console saw none of it, and was not dropped.
    expect(otherTenant.seen).toEqual([]);
    expect(otherTenant.ws.readyState).toBe(WebSocket.OPEN);
    expect(s.app.monitoring.hub.overflowed()).toBe(1);
    healthy.ws.close();
    otherTenant.ws.close();
  });
});
