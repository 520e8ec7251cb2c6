import { commandTopic, otaDownTopic, parseOtaUpTopic, parseUpTopic, type CommandMessage } from '@liftcloud/client';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../services/secrets.js';
import type { GatewayDirectory } from './gateways.js';
import type { Ingest } from './ingest.js';
import type { OtaLink } from './ota-link.js';

export interface EmbeddedBroker {
  port: number;
  broker: Aedes;
  /** Send a command down to a gateway. */
  command(dtu: string, message: CommandMessage): Promise<void>;
  /** Drop every connection logged in as this gateway (its secret was reissued, or it was blacklisted). */
  disconnect(dtu: string): void;
  close(): Promise<void>;
}

const authError = (code: 4 | 5, text: string): AuthenticateError =>
  Object.assign(new Error(text), { returnCode: code }) as AuthenticateError;

function sameSecret(expectedHash: string, password: Buffer | undefined): boolean {
  if (!password) return false;
  const given = Buffer.from(sha256(password.toString('utf8')), 'hex');
  const want = Buffer.from(expectedHash, 'hex');
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * The embedded MQTT broker (aedes) `npm start` runs so gateways need nothing else. Each gateway logs in with
 * its DTU number and secret, may publish only on lc/{its dtu}/up/… and subscribe only to its own command
 * topic; a blacklisted gateway is refused. A publish is acknowledged only once the ingest has stored it.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host: string;
  directory: GatewayDirectory;
  ingest: Ingest;
  /** Where OTA transfer messages go, and which gateways are connected here (docs/gateway-protocol.md). */
  ota?: OtaLink;
  log: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const { directory, ingest, log, ota } = opts;
  const broker = await Aedes.createBroker({ drainTimeout: 10_000, concurrency: 1000 });
  const dtuOf = new WeakMap<Client, string>();
  /** The secret's hash each connection logged in with: the ingest stores its messages only while it is current. */
  const credentialOf = new WeakMap<Client, string>();
  const connected = new Map<string, Set<Client>>();

  broker.authenticate = (client, username, password, done) => {
    void (async () => {
      const gateway = username ? await directory.get(username) : null;
      if (!gateway || !gateway.secretHash || !sameSecret(gateway.secretHash, password))
        return done(authError(4, 'bad DTU number or secret'), false);
      if (gateway.blacklisted) return done(authError(5, 'gateway is blacklisted'), false);
      dtuOf.set(client, gateway.dtu);
      credentialOf.set(client, gateway.secretHash);
      const clients = connected.get(gateway.dtu) ?? new Set<Client>();
      // a connection taken over by one with the same client id may close without clientDisconnect
      for (const other of clients) if (other.closed) clients.delete(other);
      connected.set(gateway.dtu, clients.add(client));
      done(null, true);
    })().catch((err: unknown) => {
      log.error({ err }, 'gateway authentication failed');
      done(authError(5, 'authentication unavailable'), false);
    });
  };

  broker.authorizePublish = (client, packet, done) => {
    if (!client) return done(null); // the platform's own publishes (commands)
    const own = dtuOf.get(client);
    const transfer = parseOtaUpTopic(packet.topic);
    if (own && transfer?.dtu === own && ota) {
      // a transfer's answer goes to the OTA transfers, never to the store's ingest
      ota.received(own, Buffer.from(packet.payload));
      return done(null);
    }
    const topic = parseUpTopic(packet.topic);
    if (!own || !topic || topic.dtu !== own) {
      log.warn({ dtu: own, topic: packet.topic }, 'gateway publish outside its own topics refused');
      return done(new Error('topic not allowed'));
    }
    // the parser's payload is a buffer of its own, read only from here on: no copy (runs are 120 KB each)
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    void ingest
      .turnFor(topic.kind)
      .then(() => directory.get(own))
      .then(async (gateway) => {
        if (!gateway || gateway.blacklisted) throw new Error('gateway no longer allowed');
        await ingest.accept(gateway, topic.kind, payload, credentialOf.get(client));
      })
      .then(
        () => done(null),
        (err: Error) => done(err),
      );
  };

  broker.on('clientDisconnect', (client) => {
    const dtu = dtuOf.get(client);
    const clients = dtu === undefined ? undefined : connected.get(dtu);
    clients?.delete(client);
    if (dtu !== undefined && clients?.size === 0) {
      connected.delete(dtu);
      ota?.disconnected(dtu);
    }
  });

  // a gateway listening for transfers here may be sent one (a waiting burn, or one to resume)
  broker.on('subscribe', (subscriptions, client) => {
    const dtu = client ? dtuOf.get(client) : undefined;
    if (dtu !== undefined && subscriptions.some((sub) => sub.topic === otaDownTopic(dtu))) ota?.connected(dtu);
  });

  broker.authorizeSubscribe = (client, subscription, done) => {
    const own = dtuOf.get(client);
    if (own && (subscription.topic === commandTopic(own) || subscription.topic === otaDownTopic(own)))
      return done(null, subscription);
    done(new Error('subscription not allowed'));
  };

  // Gateways' up messages are for the platform only: never forwarded to other clients.
  broker.authorizeForward = (_client, packet) =>
    parseUpTopic(packet.topic) || parseOtaUpTopic(packet.topic) ? null : packet;

  const server: Server = createServer(broker.handle);
  // Closing the server waits for every connection: keep them, to end the ones a closing broker leaves.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  if (ota) {
    ota.isConnected = (dtu) => [...(connected.get(dtu) ?? [])].some((c) => !c.closed);
    ota.sender = (dtu, message) =>
      new Promise<void>((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: otaDownTopic(dtu),
            payload: Buffer.from(JSON.stringify(message)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      );
  }
  return {
    port,
    broker,
    command: (dtu, message) =>
      new Promise<void>((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: commandTopic(dtu),
            payload: Buffer.from(JSON.stringify(message)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    disconnect: (dtu) => {
      for (const client of connected.get(dtu) ?? []) client.close();
      if (connected.delete(dtu)) ota?.disconnected(dtu);
    },
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
