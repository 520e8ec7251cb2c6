import {
  AUTO_CONFIRM_AFTER_MS,
  GATEWAY_OFFLINE_AFTER_MS,
  METER_OFFLINE_AFTER_MS,
  commandTopic,
  type CommandMessage,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/database.js';
import { commandOvertimeJob } from '../jobs/command-overtime.js';
import { gatewayOfflineJob } from '../jobs/gateway-offline.js';
import type { Scheduler } from '../jobs/scheduler.js';
import { autoConfirmJob } from '../jobs/work-order-auto-confirm.js';
import { WorkOrderService } from '../services/work-orders.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { inProcessBus, type EventBus } from './bus.js';
import { GatewayDirectory } from './gateways.js';
import { registerHub, type Hub } from './hub.js';
import { Ingest } from './ingest.js';
import { liveEvents, type LiveEvents } from './live-events.js';
import { startExternalIngest, type ExternalIngest } from './external.js';
import { OtaLink } from './ota-link.js';
import type { Revocation } from './revocation.js';
import { randomUUID } from 'node:crypto';

export interface MonitoringOptions {
  /** The embedded MQTT broker's port (0: any free port); no broker when unset. */
  mqttPort?: number;
  mqttHost?: string;
  /** An external broker to ingest from (Mosquitto, EMQX), with a shared subscription. */
  mqttUrl?: string;
  /** The shared-subscription group and this instance's client id for the external broker. */
  ingestGroup?: string;
  instanceId?: string;
  /** Tests drop the external session on disconnect; a deployment keeps it (redelivery after a crash). */
  cleanSession?: boolean;
  bus?: EventBus;
  /** A live frame whose payload does not match its schema throws (tests) instead of being logged and dropped. */
  strictLiveFrames?: boolean;
  offlineAfterMs?: number;
  autoConfirmAfterMs?: number;
  /** How often the offline, command-overtime and auto-confirm jobs run (default 10 s). */
  sweepEveryMs?: number;
  /** Bytes of frames a live socket may have waiting before it is closed (default LIVE_SEND_BUFFER_BYTES). */
  liveSendBufferBytes?: number;
}

export interface Monitoring {
  bus: EventBus;
  /** The one way to make (and publish) a live frame. */
  live: LiveEvents;
  ingest: Ingest;
  directory: GatewayDirectory;
  broker: EmbeddedBroker | null;
  external: ExternalIngest | null;
  hub: Hub;
  /** OTA transfers' link to the gateways, through whichever broker they use. */
  ota: OtaLink;
  /**
   * Cut off at once, on this instance and (through the bus) every other: live sockets of sessions that no
   * longer stand are closed, revoked gateways are dropped and their cached logins forgotten. Resolves once this
   * instance has acted and the others have been told.
   */
  revoke(revocation: Revocation): Promise<void>;
  /** Where every work-order transition is applied (routes, ingest, auto-confirm). */
  workOrders: WorkOrderService;
  /** Send a command down to a gateway, through whichever broker the gateways use. */
  sendCommand(dtu: string, message: CommandMessage): Promise<void>;
  /**
   * Run the offline, command-overtime and auto-confirm jobs now, as at `now` (tests); on their schedule they run
   * through the scheduler. Throws when one fails or another instance is running it.
   */
  sweep(now?: number): Promise<void>;
}

/** The live side of the platform: broker, ingest, event bus, WebSocket hub, and its jobs on the scheduler. */
export async function startMonitoring(
  app: FastifyInstance,
  { db, dialect }: Store,
  opts: MonitoringOptions,
  scheduler: Scheduler,
): Promise<Monitoring> {
  const bus = opts.bus ?? inProcessBus();
  const live = liveEvents(bus, app.log, opts.strictLiveFrames ?? process.env.NODE_ENV === 'test');
  const directory = new GatewayDirectory(db);
  const workOrders = new WorkOrderService(db, live);
  const ingest = new Ingest(db, dialect, directory, live, workOrders, app.log);
  const hub = await registerHub(app, bus, db, opts.liveSendBufferBytes);
  const ota = new OtaLink(app.log);
  const broker =
    opts.mqttPort === undefined
      ? null
      : await startEmbeddedBroker({
          port: opts.mqttPort,
          host: opts.mqttHost ?? '0.0.0.0',
          directory,
          ingest,
          ota,
          log: app.log,
        });
  const external = opts.mqttUrl
    ? await startExternalIngest({
        url: opts.mqttUrl,
        group: opts.ingestGroup ?? 'liftcloud',
        clientId: opts.instanceId ?? `liftcloud-ingest-${process.pid}`,
        clean: opts.cleanSession,
        directory,
        ingest,
        // the embedded broker, when there is one, is where this instance's gateways are
        ota: opts.mqttPort === undefined ? ota : undefined,
        log: app.log,
      })
    : null;
  const everyMs = opts.sweepEveryMs ?? 10_000;
  const sweeps = [
    gatewayOfflineJob({
      db,
      directory,
      live,
      offlineAfterMs: opts.offlineAfterMs ?? GATEWAY_OFFLINE_AFTER_MS,
      meterOfflineAfterMs: METER_OFFLINE_AFTER_MS,
      everyMs,
    }),
    commandOvertimeJob({ db, everyMs }),
    autoConfirmJob({ db, workOrders, autoConfirmAfterMs: opts.autoConfirmAfterMs ?? AUTO_CONFIRM_AFTER_MS, everyMs }),
  ];
  for (const job of sweeps) scheduler.add(job);
  async function sweep(now = Date.now()): Promise<void> {
    for (const { name } of sweeps) {
      const result = await scheduler.runNow(name, now);
      if (result.outcome === 'failed') throw result.error;
      if (result.outcome !== 'ok') throw new Error(`job ${name} did not run now (${result.outcome})`);
    }
  }

  const origin = randomUUID();
  async function actOn(revocation: Revocation): Promise<void> {
    if (revocation.kind === 'gateways')
      for (const dtu of revocation.dtus) {
        // the cached login first, so a gateway that reconnects at once is judged by the store
        directory.forget(dtu);
        broker?.disconnect(dtu);
      }
    else await hub.revoke(revocation);
  }
  const stopRevocations = bus.onRevocation((revocation) => {
    if (revocation.origin !== origin)
      void actOn(revocation).catch((err: unknown) => app.log.error({ err }, 'revocation failed'));
  });
  async function revoke(revocation: Revocation): Promise<void> {
    await actOn(revocation);
    await bus.revoke({ ...revocation, origin });
  }

  app.addHook('onClose', async () => {
    stopRevocations();
    await external?.close();
    await ingest.drain();
    await ingest.eocd.close();
    await broker?.close();
    await bus.close();
  });
  const sendCommand = async (dtu: string, message: CommandMessage) => {
    if (broker) return broker.command(dtu, message);
    if (external)
      return void (await external.client.publishAsync(commandTopic(dtu), JSON.stringify(message), { qos: 1 }));
    throw new Error('no broker to send commands through');
  };
  return { bus, live, ingest, directory, broker, external, hub, ota, workOrders, sweep, sendCommand, revoke };
}
