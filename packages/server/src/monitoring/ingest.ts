import { UP_SCHEMAS, payloadLimit, checkSchema, type UpKind } from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/tables.js';
import type { WorkOrderService } from '../services/work-orders.js';
import type { LooseDB } from '../store/repository.js';
import { EocdRuns, type PreparedRun } from './eocd-runs.js';
import { LoopTurns } from './loop-turns.js';
import { MessageWriter } from './message-writer.js';
import type { GatewayDirectory, GatewayInfo } from './gateways.js';
import type { CheckedLiveEvent, LiveEvents } from './live-events.js';
import { PushTally, writePushStats } from './push-stats.js';
import { insertFaults, type Pending, type Trx } from './batch-records.js';
import { enqueueWebhooks, terminalStatus } from '../services/webhooks.js';

export interface IngestStats {
  accepted: number;
  duplicates: number;
  malformed: number;
  oversized: number;
  unbound: number;
  /** Messages refused because their gateway was blacklisted, deleted or its secret reissued before they were stored. */
  revoked: number;
}

/** The gateway was cut off before its message was stored: nothing of it was kept. */
export class GatewayRevokedError extends Error {
  constructor(readonly dtu: string) {
    super(`gateway ${dtu} is blacklisted, deleted or logged in with a reissued secret`);
    this.name = 'GatewayRevokedError';
  }
}

/** Group commit: at most this many messages in one transaction, flushed at the latest after FLUSH_MS. */
const BATCH = 500;
const FLUSH_MS = 2;
/**
 * Runs stored in one transaction of their own: what an alarm arriving meanwhile waits for (about 0.5 ms of the
 * event loop a run, their samples deflated); more than one, so the per-transaction work (the gateways' check, the
 * push statistics) is shared.
 */
const RUNS_PER_TURN = 4;

/**
 * Turns gateway messages into records. A message is acknowledged only after the transaction holding it
 * commits (the broker waits on accept()), so nothing acknowledged is lost; many messages share one commit.
 * Malformed and oversized payloads are counted, logged and dropped: they never stop the ingest.
 */
export class Ingest {
  readonly stats: IngestStats = { accepted: 0, duplicates: 0, malformed: 0, oversized: 0, unbound: 0, revoked: 0 };
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  /**
   * Vibration runs, stored a few at a time in transactions of their own after the waiting batch (docs/decisions.md
   * "EOCD runs off the alarm path"): 200 gateways' runs in one batch would hold its alarms for writing them all.
   */
  private runs: Pending[] = [];
  private runTurn: NodeJS.Immediate | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Dropped messages per gateway, written to the push statistics with the next batch. */
  private readonly dropped = new PushTally();
  /** Measures vibration runs and holds them to their thresholds. */
  readonly eocd: EocdRuns;
  /** Writes each message of a batch inside its transaction. */
  private readonly writer: MessageWriter;
  private readonly runTurns = new LoopTurns();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly directory: GatewayDirectory,
    private readonly live: LiveEvents,
    workOrders: WorkOrderService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.eocd = new EocdRuns(db);
    this.writer = new MessageWriter(this.stats, live, workOrders);
  }

  /**
   * When a message of this kind may be taken up (its gateway looked up, then accept): a run in a later turn of the
   * event loop, one a turn (loop-turns.ts), so that alarms read in the same poll of the sockets are not held
   * behind 200 runs; anything else at once.
   */
  turnFor(kind: UpKind): Promise<void> {
    return kind === 'vibration' ? this.runTurns.next() : Promise.resolve();
  }

  /**
   * Resolves once the message is stored (or deliberately dropped); the broker acknowledges after that. Rejects
   * with GatewayRevokedError when, in the transaction that would store it, the gateway turns out blacklisted,
   * deleted, or (given the `credential` its connection logged in with) holding another secret.
   */
  async accept(gateway: GatewayInfo, kind: UpKind, payload: Buffer, credential?: string): Promise<void> {
    if (payload.length > payloadLimit(kind)) {
      this.stats.oversized++;
      this.countDrop(gateway, 'oversized');
      this.log.warn({ dtu: gateway.dtu, kind, bytes: payload.length }, 'gateway payload too large, dropped');
      return;
    }
    let message: unknown;
    // A run is read and measured in the EOCD worker, outside the batch's transaction and off the thread that
    // carries the alarms (docs/decisions.md "EOCD runs off the alarm path").
    let run: PreparedRun | undefined;
    if (kind === 'vibration') {
      if (this.unbound(gateway, kind)) return;
      const prepared = await this.eocd.prepare(gateway, payload);
      if ('drop' in prepared) return this.malformed(gateway, kind, prepared.drop, prepared.issues);
      ({ message, run } = prepared);
    } else {
      try {
        message = JSON.parse(payload.toString('utf8'));
      } catch {
        return this.malformed(gateway, kind, 'json');
      }
      const issues = checkSchema(UP_SCHEMAS[kind], message);
      if (issues.length) return this.malformed(gateway, kind, 'schema', issues.slice(0, 3));
      if (gateway.elevatorId === null && kind !== 'heartbeat' && kind !== 'reply' && this.unbound(gateway, kind))
        return;
    }
    await new Promise<void>((resolve, reject) => {
      const item: Pending = {
        gateway,
        kind,
        message: message as Record<string, unknown>,
        credential,
        ...(run ? { run } : {}),
        done: (err) => (err ? reject(err) : resolve()),
      };
      if (run) {
        this.runs.push(item);
        this.kickRuns();
      } else {
        this.queue.push(item);
        if (this.queue.length >= BATCH) this.kick(0);
        else this.kick(FLUSH_MS);
      }
    });
  }

  /** Counted, logged and dropped: not JSON, not the protocol's message, or (a run's) samples not whole instants. */
  private malformed(gateway: GatewayInfo, kind: UpKind, why: 'json' | 'schema' | 'samples', issues?: unknown[]): void {
    this.stats.malformed++;
    this.countDrop(gateway, 'malformed');
    const text = {
      json: 'gateway payload is not JSON, dropped',
      schema: 'gateway payload does not match the protocol, dropped',
      samples: 'vibration samples are not whole three-axis instants, dropped',
    }[why];
    this.log.warn({ dtu: gateway.dtu, kind, ...(issues ? { issues } : {}) }, text);
  }

  /** True (and counted, logged) when the gateway is bound to no elevator: its message is dropped. */
  private unbound(gateway: GatewayInfo, kind: UpKind): boolean {
    if (gateway.elevatorId !== null) return false;
    this.stats.unbound++;
    this.countDrop(gateway, 'unbound');
    this.log.info({ dtu: gateway.dtu, kind }, 'gateway is not bound to an elevator, message dropped');
    return true;
  }

  private countDrop(gateway: GatewayInfo, kind: 'malformed' | 'oversized' | 'unbound'): void {
    this.dropped.add(gateway.gatewayId, kind, Date.now());
    this.kick(FLUSH_MS);
  }

  private kick(delay: number): void {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }, delay);
  }

  /**
   * The next runs' turn, after the I/O the event loop has waiting (an alarm's packet, its flush timer): the runs
   * go a few at a time through the same chain as the batches, so an alarm waits behind a few runs' writes at most.
   */
  private kickRuns(): void {
    this.runTurn ??= setImmediate(() => {
      this.runTurn = null;
      this.flushing = this.flushing.then(() => this.flush());
    });
  }

  /** Wait until everything queued so far is stored. */
  async drain(): Promise<void> {
    while (this.queue.length || this.timer || this.runs.length || this.runTurn) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      if (this.runTurn) {
        clearImmediate(this.runTurn);
        this.runTurn = null;
      }
      this.flushing = this.flushing.then(() => this.flush());
      await this.flushing;
    }
  }

  /** The waiting batch (alarms, faults, states, …) in one transaction, then a few runs in one of their own. */
  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, BATCH);
    // More than a batch waiting: the next flush is due now. The senders are all waiting for their
    // acknowledgements, so no new message would come to schedule it.
    if (this.queue.length) this.kick(0);
    if (batch.length || this.dropped.size) await this.commit(batch);
    const runs = this.runs.splice(0, RUNS_PER_TURN);
    if (!runs.length) return;
    if (this.runs.length) this.kickRuns();
    await this.commit(runs);
  }

  /**
   * Stores the messages (and the drops counted so far) in one transaction; after it commits they are
   * acknowledged and their live events sent. A failed transaction fails every message: the gateways resend.
   */
  private async commit(batch: Pending[]): Promise<void> {
    const events: CheckedLiveEvent[] = [];
    const drops = this.dropped.take();
    let refused: Pending[] = [];
    let stored: Pending[] = batch;
    try {
      await (this.db as unknown as Kysely<LooseDB>).transaction().execute(async (trx) => {
        // Per batch, not per message: each gateway is marked online once, and only each elevator's latest
        // state is kept (a state report replaces the one before it anyway).
        const now = Date.now();
        ({ stored, refused } = await admitted(trx, batch, now));
        const context = {
          faultIds: await insertFaults(trx, stored, now, this.dialect),
          webhookTargets: new Map(),
        };
        const latest = new Map<number, Pending>();
        for (const item of stored) {
          if (item.kind === 'status') latest.set(item.gateway.elevatorId!, item);
          else await this.writer.store(trx, item, events, context);
        }
        for (const item of latest.values()) await this.writer.storeStatus(trx, item, events);
        if (latest.size)
          await trx
            .updateTable('elevators')
            .set({ onlineStatus: 1 })
            .where('id', 'in', [...latest.keys()])
            .where((eb) => eb.or([eb('onlineStatus', 'is', null), eb('onlineStatus', '!=', 1)]))
            .execute();
        // Every message of the batch counts, a coalesced state report too: the stats are what was pushed.
        const pushes = new PushTally();
        for (const item of stored) pushes.add(item.gateway.gatewayId, item.kind, now);
        await writePushStats(trx, [...pushes.take(), ...drops], now);
      });
    } catch (err) {
      this.dropped.restore(drops);
      this.log.error({ err }, 'ingest batch failed; the gateways will resend');
      for (const item of batch) item.done(err as Error);
      return;
    }
    this.stats.accepted += stored.length;
    this.stats.revoked += refused.length;
    for (const item of stored) item.done();
    for (const item of refused) item.done(new GatewayRevokedError(item.gateway.dtu));
    for (const event of events) await this.live.send(event);
  }
}

/**
 * The messages of a batch whose gateway may still report, decided in the transaction that stores them: the
 * UPDATE marking the gateways online locks their rows and returns only those not blacklisted, with their
 * current secret. A blacklist or a new secret committed before it is seen; one committed after it waits for
 * this batch to commit (the row lock on PostgreSQL, the single writer on SQLite). So once the API has answered
 * a blacklist or a reissue, no message of that gateway (or of a connection with the old secret) is stored.
 */
async function admitted(trx: Trx, batch: Pending[], now: number): Promise<{ stored: Pending[]; refused: Pending[] }> {
  const ids = [...new Set(batch.map((item) => item.gateway.gatewayId))];
  if (!ids.length) return { stored: [], refused: [] };
  // gateways coming back online with this batch: their elevators' terminal status goes to subscribed developers
  const waking = await trx
    .selectFrom('gatewayDevices')
    .select(['id', 'dtuCode', 'tenantId', 'elevatorId'])
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('dtuStatus', 'is', null), eb('dtuStatus', '!=', 1)]))
    .where('elevatorId', 'is not', null)
    .execute();
  const rows = await trx
    .updateTable('gatewayDevices')
    .set({ dtuStatus: 1, linkStatus: 4, lastReportTime: now })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('blackStatus', 'is', null), eb('blackStatus', '!=', 1)]))
    .returning(['id', 'secretHash'])
    .execute();
  const secrets = new Map(rows.map((r) => [Number(r.id), (r.secretHash as string | null) ?? null]));
  const stored: Pending[] = [];
  const refused: Pending[] = [];
  for (const item of batch) {
    const id = item.gateway.gatewayId;
    const allowed = secrets.has(id) && (item.credential === undefined || secrets.get(id) === item.credential);
    (allowed ? stored : refused).push(item);
  }
  for (const g of waking) if (secrets.has(Number(g.id))) await enqueueWebhooks(trx, terminalStatus(g, true, now));
  return { stored, refused };
}
