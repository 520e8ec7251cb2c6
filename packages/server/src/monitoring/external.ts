import { OTA_UP_WILDCARD, UP_WILDCARD, otaDownTopic, parseOtaUpTopic, parseUpTopic } from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { GatewayDirectory } from './gateways.js';
import { GatewayRevokedError, type Ingest } from './ingest.js';
import type { OtaLink } from './ota-link.js';

export interface ExternalIngestOptions {
  /** mqtt://host:port of Mosquitto or EMQX. */
  url: string;
  /** Ingest instances in the same group share the messages ($share/{group}/…): each message goes to one. */
  group: string;
  clientId: string;
  /** false (default) keeps the session, so messages not yet acknowledged are redelivered after a restart. */
  clean?: boolean;
  directory: GatewayDirectory;
  ingest: Ingest;
  /** OTA transfers: this instance hears every gateway's transfer messages (not shared) and sends chunks down. */
  ota?: OtaLink;
  log: FastifyBaseLogger;
}

export interface ExternalIngest {
  client: MqttClient;
  /** Messages this instance took from the shared subscription. */
  received(): number;
  close(): Promise<void>;
}

/**
 * Ingest from an external broker. The broker authenticates gateways and confines each to its own topics
 * (docs/gateway-protocol.md has the Mosquitto ACL); this instance subscribes to the shared group and
 * acknowledges a message only after the ingest stored it, so an instance that dies loses nothing acknowledged.
 */
export async function startExternalIngest(opts: ExternalIngestOptions): Promise<ExternalIngest> {
  let received = 0;
  // loaded only by an instance that ingests from an external broker: the embedded one needs no MQTT client
  const { default: mqtt } = await import('mqtt');
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    // mqtt.js lets the application hold the acknowledgement (customHandleAcks) only on MQTT 5.
    protocolVersion: 5,
    clean: opts.clean ?? false,
    reconnectPeriod: 1000,
    customHandleAcks: (topic, message, _packet, done) => {
      received++;
      const transfer = parseOtaUpTopic(topic);
      if (transfer) {
        opts.ota?.received(transfer.dtu, Buffer.from(message));
        return done(0);
      }
      const parsed = parseUpTopic(topic);
      if (!parsed) return done(0);
      void opts.ingest
        .turnFor(parsed.kind)
        .then(() => opts.directory.get(parsed.dtu))
        .then(async (gateway) => {
          if (!gateway || gateway.blacklisted) {
            opts.ingest.stats.revoked++;
            opts.log.warn({ dtu: parsed.dtu }, 'message from an unknown or blacklisted gateway dropped');
            return;
          }
          await opts.ingest.accept(gateway, parsed.kind, Buffer.from(message)).catch((err: unknown) => {
            // blacklisted or deleted in the meantime: acknowledged and dropped, never redelivered
            if (!(err instanceof GatewayRevokedError)) throw err;
            opts.log.warn({ dtu: parsed.dtu }, 'message from a gateway cut off before it was stored, dropped');
          });
        })
        .then(
          () => done(0),
          // Not acknowledged: the broker redelivers it to this session or the group.
          (err: unknown) => opts.log.error({ err, topic }, 'ingest failed; message left unacknowledged'),
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(`$share/${opts.group}/${UP_WILDCARD}`, { qos: 1 });
  const { ota } = opts;
  if (ota) {
    // every instance hears every transfer answer; each acts on the transfers it drives (the broker confines
    // gateways to their own topics, so the DTU in the topic is the sender's)
    await client.subscribeAsync(OTA_UP_WILDCARD, { qos: 1 });
    ota.isConnected = null;
    ota.sender = async (dtu, message) => {
      await client.publishAsync(otaDownTopic(dtu), JSON.stringify(message), { qos: 1 });
    };
  }
  return {
    client,
    received: () => received,
    close: () => client.endAsync(),
  };
}
