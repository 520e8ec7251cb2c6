import websocket from '@fastify/websocket';
import {
  LIVE_CLOSE_CODE,
  LIVE_FRAME_TYPE,
  LIVE_SEND_BUFFER_BYTES,
  PERMISSION,
  type LiveEvent,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { DB } from '../db/tables.js';
import { bearerToken, callerOf } from '../plugins/auth.js';
import type { Caller } from '../services/caller.js';
import type { EventBus } from './bus.js';
import { recheckSockets, type LiveSocket } from './recheck.js';
import type { Revocation } from './revocation.js';

interface Subscriber extends LiveSocket {
  socket: WebSocket;
  /** The console's hello ("username-orgId") arrived and matched the token. */
  greeted: boolean;
}

function canSee(caller: Caller, event: LiveEvent): boolean {
  const { scope } = caller;
  if (scope.tenantId !== null && scope.tenantId !== event.tenantId) return false;
  if (event.userIds && !event.userIds.includes(caller.userId)) return false;
  if (scope.orgIds === null) return true;
  return event.orgIds.some((id) => scope.orgIds!.includes(id));
}

export interface Hub {
  clients: () => number;
  /** Sockets closed with LIVE_CLOSE_CODE.overflow since the start: clients that stopped reading. */
  overflowed: () => number;
  /** Check the sockets a revocation names against the store and close those whose session no longer stands. */
  revoke(revocation: Revocation): Promise<void>;
  /**
   * Check every open socket (every RECHECK_EVERY_MS): closes those whose session expired, and those a
   * revocation missed because the bus between instances was down when it was sent.
   */
  sweep(): Promise<void>;
}

/** How often every open socket's session is checked again, whatever the bus carried. */
export const RECHECK_EVERY_MS = 60_000;

/**
 * The live channel at /api/ws. The socket is authenticated by the session token before the upgrade
 * (Authorization header, or ?token= since browsers cannot set headers on a WebSocket); the console's
 * "username-orgId" hello is still accepted and must match (guide/security.md). Each event goes only to
 * callers whose organisations may see that elevator. A revocation (monitoring.revoke, here or through the bus
 * on another instance) closes the sockets of sessions that no longer stand with LIVE_CLOSE_CODE.revoked.
 *
 * Backpressure: a frame is written to every socket that may see it without waiting for any of them. A socket
 * whose unsent frames pass `sendBufferBytes` (a client that stopped reading; the kernel's buffers are full
 * behind it) is closed with LIVE_CLOSE_CODE.overflow and gets nothing more: its close frame waits behind what
 * is queued, and ws destroys the connection if the close handshake does not finish within 30 s. So one stalled
 * client holds at most the bound plus one frame, and never delays the others.
 */
export async function registerHub(
  app: FastifyInstance,
  bus: EventBus,
  db: Kysely<DB>,
  sendBufferBytes = LIVE_SEND_BUFFER_BYTES,
): Promise<Hub> {
  const subscribers = new Set<Subscriber>();
  let overflowed = 0;
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get(
    '/api/ws',
    { websocket: true, config: { permission: PERMISSION.anyUser }, schema: { hide: true } },
    (socket, req) => {
      const orgHeader = req.headers['x-org-id'];
      const sub: Subscriber = {
        socket,
        caller: callerOf(req),
        token: bearerToken(req) ?? '',
        orgHeader: Array.isArray(orgHeader) ? orgHeader[0] : orgHeader,
        greeted: false,
        held: false,
        closing: false,
        close(reason) {
          this.closing = true;
          socket.close(LIVE_CLOSE_CODE.revoked, reason);
        },
      };
      subscribers.add(sub);
      socket.on('message', (raw) => {
        const text = String(raw);
        const expected = `${sub.caller.username}-${sub.caller.orgId}`;
        if (text === expected) sub.greeted = true;
        else if (!sub.greeted) socket.close(LIVE_CLOSE_CODE.helloMismatch, 'hello does not match the session');
      });
      socket.on('close', () => subscribers.delete(sub));
      socket.on('error', () => subscribers.delete(sub));
    },
  );

  const unsubscribe = bus.subscribe((event) => {
    const frame = JSON.stringify({ type: LIVE_FRAME_TYPE[event.type], event: event.type, data: event.data });
    for (const sub of subscribers) {
      if (sub.closing || sub.held) continue;
      if (sub.socket.readyState !== sub.socket.OPEN || !canSee(sub.caller, event)) continue;
      if (sub.socket.bufferedAmount > sendBufferBytes) {
        sub.closing = true;
        overflowed++;
        app.log.warn(
          { userId: sub.caller.userId, buffered: sub.socket.bufferedAmount },
          'live socket closed: the client stopped reading',
        );
        sub.socket.close(LIVE_CLOSE_CODE.overflow, 'send buffer full');
        continue;
      }
      sub.socket.send(frame);
    }
  });
  const revoke = (revocation: Revocation) => recheckSockets(db, [...subscribers], revocation, app.log);
  const sweep = () => revoke({ kind: 'users', userIds: null, reason: 'sessionEnded' });
  const sweeper = setInterval(() => void sweep(), RECHECK_EVERY_MS);
  sweeper.unref();

  // Upgrade requests leave the HTTP server's tracking: a client that keeps one open (even refused) must not
  // hold a shutdown, so they are ended before the server closes.
  const upgrades = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket: Duplex) => {
    upgrades.add(socket);
    socket.once('close', () => upgrades.delete(socket));
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    unsubscribe();
    for (const sub of subscribers) sub.socket.terminate();
    for (const socket of upgrades) socket.destroy();
  });
  return { clients: () => subscribers.size, overflowed: () => overflowed, revoke, sweep };
}
