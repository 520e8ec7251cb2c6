import websocket from '@fastify/websocket';
import { LIVE_FRAME_TYPE, PERMISSION, type LiveEvent } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { callerOf } from '../plugins/auth.js';
import type { Caller } from '../services/caller.js';
import type { EventBus } from './bus.js';

/** A stalled client is skipped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Subscriber {
  socket: WebSocket;
  caller: Caller;
  /** The console's hello ("username-orgId") arrived and matched the token. */
  greeted: boolean;
}

function canSee(caller: Caller, event: LiveEvent): boolean {
  const { scope } = caller;
  if (scope.tenantId !== null && scope.tenantId !== event.tenantId) return false;
  if (scope.orgIds === null) return true;
  return event.orgIds.some((id) => scope.orgIds!.includes(id));
}

/**
 * The live channel at /api/ws. The socket is authenticated by the session token before the upgrade
 * (Authorization header, or ?token= since browsers cannot set headers on a WebSocket); the console's
 * "username-orgId" hello is still accepted and must match (guide/security.md). Each event goes only to
 * callers whose organisations may see that elevator.
 */
export async function registerHub(app: FastifyInstance, bus: EventBus): Promise<{ clients: () => number }> {
  const subscribers = new Set<Subscriber>();
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get(
    '/api/ws',
    { websocket: true, config: { permission: PERMISSION.anyUser }, schema: { hide: true } },
    (socket, req) => {
      const sub: Subscriber = { socket, caller: callerOf(req), greeted: false };
      subscribers.add(sub);
      socket.on('message', (raw) => {
        const text = String(raw);
        const expected = `${sub.caller.username}-${sub.caller.orgId}`;
        if (text === expected) sub.greeted = true;
        else if (!sub.greeted) socket.close(4003, 'hello does not match the session');
      });
      socket.on('close', () => subscribers.delete(sub));
      socket.on('error', () => subscribers.delete(sub));
    },
  );

  const unsubscribe = bus.subscribe((event) => {
    const frame = JSON.stringify({ type: LIVE_FRAME_TYPE[event.type], event: event.type, data: event.data });
    for (const sub of subscribers) {
      if (sub.socket.readyState !== sub.socket.OPEN || !canSee(sub.caller, event)) continue;
      if (sub.socket.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      sub.socket.send(frame);
    }
  });
  // Upgrade requests leave the HTTP server's tracking: a client that keeps one open (even refused) must not
  // hold a shutdown, so they are ended before the server closes.
  const upgrades = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket: Duplex) => {
    upgrades.add(socket);
    socket.once('close', () => upgrades.delete(socket));
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const sub of subscribers) sub.socket.terminate();
    for (const socket of upgrades) socket.destroy();
  });
  return { clients: () => subscribers.size };
}
