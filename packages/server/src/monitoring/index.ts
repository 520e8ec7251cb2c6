import {
  AUTO_CONFIRM_AFTER_MS,
  AWAITING_CONFIRM_STATES,
  GATEWAY_OFFLINE_AFTER_MS,
  commandTopic,
  type CommandMessage,
} from '@liftcloud/client';

/** How long a gateway has to answer a command before it counts as overtime. */
const COMMAND_TIMEOUT_MS = 30_000;
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/tables.js';
import { WorkOrderService } from '../services/work-orders.js';
import type { LooseDB } from '../store/repository.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { inProcessBus, type EventBus } from './bus.js';
import { GatewayDirectory } from './gateways.js';
import { registerHub } from './hub.js';
import { Ingest } from './ingest.js';
import { liveEvents, type LiveEvents } from './live-events.js';
import { startExternalIngest, type ExternalIngest } from './external.js';

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
  /** How often the offline and auto-confirm sweeps run. */
  sweepEveryMs?: number;
}

export interface Monitoring {
  bus: EventBus;
  /** The one way to make (and publish) a live frame. */
  live: LiveEvents;
  ingest: Ingest;
  directory: GatewayDirectory;
  broker: EmbeddedBroker | null;
  external: ExternalIngest | null;
  hub: { clients: () => number };
  /** Where every work-order transition is applied (routes, ingest, auto-confirm). */
  workOrders: WorkOrderService;
  /** Send a command down to a gateway, through whichever broker the gateways use. */
  sendCommand(dtu: string, message: CommandMessage): Promise<void>;
  /** One pass of the offline, command-overtime and auto-confirm sweeps (also run on a timer). */
  sweep(now?: number): Promise<void>;
}

/** The live side of the platform: broker, ingest, event bus, WebSocket hub and the background sweeps. */
export async function startMonitoring(
  app: FastifyInstance,
  db: Kysely<DB>,
  opts: MonitoringOptions,
): Promise<Monitoring> {
  const bus = opts.bus ?? inProcessBus();
  const live = liveEvents(bus, app.log, opts.strictLiveFrames ?? process.env.NODE_ENV === 'test');
  const directory = new GatewayDirectory(db);
  const workOrders = new WorkOrderService(db, live);
  const ingest = new Ingest(db, directory, live, workOrders, app.log);
  const hub = await registerHub(app, bus);
  const broker =
    opts.mqttPort === undefined
      ? null
      : await startEmbeddedBroker({
          port: opts.mqttPort,
          host: opts.mqttHost ?? '0.0.0.0',
          directory,
          ingest,
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
        log: app.log,
      })
    : null;
  const loose = db as unknown as Kysely<LooseDB>;
  const offlineAfter = opts.offlineAfterMs ?? GATEWAY_OFFLINE_AFTER_MS;
  const autoConfirmAfter = opts.autoConfirmAfterMs ?? AUTO_CONFIRM_AFTER_MS;

  async function sweep(now = Date.now()): Promise<void> {
    // A gateway is offline once its reports stop for 60 s (power cut, lost link): state "disconnected".
    const gone = await loose
      .selectFrom('gatewayDevices')
      .select(['id', 'dtuCode', 'tenantId', 'elevatorId'])
      .where('dtuStatus', '=', 1)
      .where('lastReportTime', '<', now - offlineAfter)
      .execute();
    for (const g of gone) {
      await loose.updateTable('gatewayDevices').set({ dtuStatus: 0, linkStatus: 1 }).where('id', '=', g.id).execute();
      if (g.elevatorId)
        await loose.updateTable('elevators').set({ onlineStatus: 0 }).where('id', '=', g.elevatorId).execute();
      const info = await directory.get(String(g.dtuCode));
      const elevatorId = g.elevatorId === null ? null : Number(g.elevatorId);
      await live.publish(
        'gateway',
        { tenantId: Number(g.tenantId), orgIds: info?.orgIds ?? [], elevatorId },
        { dtu: g.dtuCode, online: false, elevatorId },
      );
    }
    // A command with no reply in time is overtime.
    await loose
      .updateTable('commandRecords')
      .set({ state: 3, updateTime: now })
      .where('state', '=', 0)
      .where('createTime', '<', now - COMMAND_TIMEOUT_MS)
      .execute();
    // A finished order nobody confirmed in time is confirmed by the platform.
    const waiting = await loose
      .selectFrom('workOrders')
      .select('id')
      .where('recordState', 'in', [...AWAITING_CONFIRM_STATES])
      .where('finishTime', '<', now - autoConfirmAfter)
      .where('paused', '=', 0)
      .execute();
    for (const { id } of waiting) await workOrders.autoConfirm(Number(id), now);
  }

  const timer = setInterval(
    () => void sweep().catch((err: unknown) => app.log.error({ err }, 'monitoring sweep failed')),
    opts.sweepEveryMs ?? 10_000,
  );
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await external?.close();
    await ingest.drain();
    await broker?.close();
    await bus.close();
  });
  const sendCommand = async (dtu: string, message: CommandMessage) => {
    if (broker) return broker.command(dtu, message);
    if (external)
      return void (await external.client.publishAsync(commandTopic(dtu), JSON.stringify(message), { qos: 1 }));
    throw new Error('no broker to send commands through');
  };
  return { bus, live, ingest, directory, broker, external, hub, workOrders, sweep, sendCommand };
}
