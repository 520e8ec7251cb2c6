import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_LANGUAGE,
  DEVELOPER_STATUS,
  SUPER_ADMIN_USERNAME,
  WEBHOOK,
  WEBHOOK_STATUS,
  clipPushText,
  translate,
  type Language,
  type WebhookEventType,
} from '@liftcloud/client';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { SecretBox } from './developers.js';
import { backoffMs, recordOutcomes, type AttemptOutcome, type AttemptResult } from './webhook-outcomes.js';
import { postWebhook, webhookSignature, type WebhookTargets } from './webhook-post.js';

export { backoffMs, type AttemptOutcome } from './webhook-outcomes.js';
export { addressKind, postWebhook, webhookSignature, type WebhookTargets } from './webhook-post.js';

/** Which push URL and which subscription each event type goes by (domain.md §3 Developer). */
const ROUTE: Record<WebhookEventType, { url: string; subscribed: string | null }> = {
  'alarm.raised': { url: 'alarmPushUrl', subscribed: 'subscribeAlarm' },
  'alarm.removed': { url: 'alarmStatusPushUrl', subscribed: 'subscribeRemoveAlarm' },
  'alarm.repealed': { url: 'alarmStatusPushUrl', subscribed: 'subscribeRepealAlarm' },
  event: { url: 'eventPushUrl', subscribed: 'subscribeEvent' },
  fault: { url: 'faultPushUrl', subscribed: 'subscribeFault' },
  'terminal.status': { url: 'terminalStatusPushUrl', subscribed: null },
};

export interface WebhookEvent {
  type: WebhookEventType;
  tenantId: number;
  elevatorId: number;
  /** Epoch ms of the event. */
  time: number;
  data: Record<string, unknown>;
}

type Trx = Transaction<LooseDB> | Kysely<LooseDB>;

/**
 * Queue an event for every active developer of the elevator's use unit that subscribes to it, inside the
 * transaction that stores the event: the queue is as durable as the event itself (nothing committed is lost
 * to a crash), and the webhook-deliveries job sends it.
 *
 * `targets`, when given, keeps who subscribes to each (event type, elevator) for the rest of the transaction:
 * the ingest passes one per batch, so a burst of faults from one elevator looks its developers up once.
 */
export async function enqueueWebhooks(trx: Trx, event: WebhookEvent, targets?: WebhookTargetsCache): Promise<number> {
  const key = `${event.type}:${event.tenantId}:${event.elevatorId}`;
  let found = targets?.get(key);
  if (!found) {
    found = webhookTargets(trx, event);
    targets?.set(key, found);
  }
  const list = await found;
  if (!list.length) return 0;
  const now = Date.now();
  const msgBase = { type: event.type, timestamp: new Date(event.time).toISOString() };
  await trx
    .insertInto('webhookDeliveries')
    .values(
      list.map((t) => ({
        tenantId: event.tenantId,
        developerId: t.id,
        eventType: event.type,
        elevatorId: event.elevatorId,
        eventTime: event.time,
        msgId: `msg_${randomUUID().replaceAll('-', '')}`,
        url: t.url,
        payload: JSON.stringify({ ...msgBase, data: event.data }).slice(0, 4000),
        status: WEBHOOK_STATUS.pending,
        attempts: 0,
        nextAttemptTime: now,
        createTime: now,
        updateTime: now,
      })),
    )
    .execute();
  return list.length;
}

/** The developers (and their push URL) an event goes to, by event type, tenant and elevator, for one transaction. */
export type WebhookTargetsCache = Map<string, Promise<{ id: number; url: string }[]>>;

async function webhookTargets(trx: Trx, event: WebhookEvent): Promise<{ id: number; url: string }[]> {
  const route = ROUTE[event.type];
  let q = trx
    .selectFrom('developers as d')
    .innerJoin('developerUseUnits as du', 'du.developerId', 'd.id')
    .innerJoin('elevators as e', 'e.useUnitId', 'du.useUnitId')
    .select(['d.id', `d.${route.url} as url`])
    .where('e.id', '=', event.elevatorId)
    .where('d.tenantId', '=', event.tenantId)
    .where('d.status', '=', DEVELOPER_STATUS.active)
    .where(`d.${route.url}`, 'is not', null);
  if (route.subscribed) q = q.where(`d.${route.subscribed}`, '=', 1);
  return (await q.execute()).map((t) => ({ id: Number(t.id), url: String(t.url) }));
}

/** A gateway's online or offline change as a terminal-status event of its elevator ("IoT terminal status"). */
export function terminalStatus(
  g: { id: unknown; dtuCode: unknown; tenantId: unknown; elevatorId: unknown },
  online: boolean,
  time: number,
): WebhookEvent {
  return {
    type: 'terminal.status',
    tenantId: Number(g.tenantId),
    elevatorId: Number(g.elevatorId),
    time,
    data: { gatewayId: Number(g.id), dtuCode: String(g.dtuCode), elevatorId: Number(g.elevatorId), online, time },
  };
}

/**
 * Sends what is due: per developer and elevator only the oldest pending delivery (in order per elevator: a
 * failing one holds the later ones back until it is delivered or given up), several elevators at once. Each
 * attempt is logged; an update guarded by the attempts it read records the outcome, so a run taken over after
 * a lapsed lease never counts an attempt twice.
 */
export class WebhookSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly allowed: WebhookTargets,
    private readonly language: Language = DEFAULT_LANGUAGE,
  ) {}

  /**
   * A delivery given up (failing since its event, 72 h) to a URL that has delivered nothing for
   * WEBHOOK.switchOffAfterMs: that URL is switched off — cleared from every push URL field of the account that
   * holds it, its pending deliveries failed — and a notice kept: the time and text on the account, and an app
   * push message record to the super admin. Answers whether it switched it off.
   */
  async switchOffIfDead(developerId: number, url: string, now: number): Promise<boolean> {
    const delivered = await this.db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('developerId', '=', developerId)
      .where('url', '=', url)
      .where('status', '=', WEBHOOK_STATUS.delivered)
      .where('deliveredTime', '>=', now - WEBHOOK.switchOffAfterMs)
      .limit(1)
      .executeTakeFirst();
    if (delivered) return false;
    const dev = await this.db.selectFrom('developers').selectAll().where('id', '=', developerId).executeTakeFirst();
    if (!dev) return false;
    const fields = Object.values(ROUTE)
      .map((r) => r.url)
      .filter((f, i, all) => all.indexOf(f) === i && (dev as Record<string, unknown>)[f] === url);
    if (!fields.length) return false;
    const days = Math.round(WEBHOOK.switchOffAfterMs / 86_400_000);
    const note = clipPushText(translate(this.language, 'notify.webhookOff', { developer: dev.name, url, days }));
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('developers')
        .set({ ...Object.fromEntries(fields.map((f) => [f, null])), webhookOffTime: now, webhookOffNote: note })
        .where('id', '=', developerId)
        .execute();
      await trx
        .updateTable('webhookDeliveries')
        .set({
          status: WEBHOOK_STATUS.failed,
          nextAttemptTime: null,
          lastError: 'endpoint switched off',
          updateTime: now,
        })
        .where('developerId', '=', developerId)
        .where('url', '=', url)
        .where('status', '=', WEBHOOK_STATUS.pending)
        .execute();
      const admin = await trx
        .selectFrom('users')
        .select(['id', 'tenantId', 'username'])
        .where('username', '=', SUPER_ADMIN_USERNAME)
        .executeTakeFirst();
      if (admin)
        await trx
          .insertInto('messageRecords')
          .values({
            tenantId: admin.tenantId,
            orgId: null,
            userId: admin.id,
            topic: 'webhookOff',
            referBizNo: `developer:${developerId}`,
            type: 1,
            content: note,
            target: admin.username,
            sendTime: now,
            status: 1,
            attempts: 1,
            nextAttemptTime: null,
            lastError: null,
            createTime: now,
            updateTime: now,
          })
          .execute();
    });
    return true;
  }

  /**
   * Sends what is due in rounds: a round takes the queue heads, posts them WEBHOOK.concurrency at a time (a
   * window: a slow receiver holds one slot, not the round) and records every outcome in one transaction
   * (webhook-outcomes.ts) before the next round reads the heads again, so an elevator's next delivery is sent
   * only after its previous one is recorded. With `idlePollMs` (the timer's runs) an empty queue is read again
   * after that pause until the budget ends, so an alarm waits a poll, not the job's period.
   */
  async deliverDue(now: number, signal?: AbortSignal, opts: DeliverOptions = {}): Promise<number> {
    const budgetMs = opts.budgetMs ?? 20_000;
    const started = performance.now();
    const secrets = new Map<number, string | null>();
    let sent = 0;
    for (;;) {
      if (signal?.aborted || performance.now() - started > budgetMs) return sent;
      // a test's far-off time stays as given; a polling run's time goes on at the real pace
      const roundNow = opts.idlePollMs ? now + Math.round(performance.now() - started) : now;
      const queues = await this.dueQueues(roundNow);
      if (!queues.length) {
        if (!opts.idlePollMs || !(await pause(opts.idlePollMs, signal))) return sent;
        continue;
      }
      const results = (
        await inWindow(queues, WEBHOOK.concurrency, (q) => this.sendInOrder(q, roundNow, secrets))
      ).flat();
      const recorded = await recordOutcomes(this.db, results, roundNow);
      for (const r of results)
        if (r.givenUp && recorded.has(r.id)) await this.switchOffIfDead(r.developerId, r.url, roundNow);
      sent += results.length;
    }
  }

  /**
   * The fronts of the developer-and-elevator queues whose oldest pending delivery is due, oldest head first:
   * every queue's first row, then every queue's second, ... up to QUEUE_STEP of each and WEBHOOK_ROUND_SIZE in all.
   *
   * Read through the pending index (status, developerId, elevatorId, id) by seeks, never by a pass over the
   * backlog: a loose index scan finds each queue's head (the next elevator of the same developer, else the next
   * developer: two plain range seeks, as a row-value comparison made SQLite scan the developer's rows), and a
   * second recursion walks each due queue's next rows (one seek a row). A ranking window over every pending row cost a sort of the whole
   * backlog each round, so the job slowed as the queue grew (README, Webhooks).
   */
  private async dueQueues(now: number): Promise<Due[][]> {
    const w = sql.table('webhookDeliveries');
    const pending = sql.lit(WEBHOOK_STATUS.pending);
    const { rows } = await sql<Due>`
      with recursive heads(id, dev, elev) as (
        select * from (
          select id, ${sql.ref('developerId')}, ${sql.ref('elevatorId')} from ${w}
          where status = ${pending}
          order by ${sql.ref('developerId')}, ${sql.ref('elevatorId')}, id limit 1
        ) as first_head
        union all
        select n.id, n.${sql.ref('developerId')}, n.${sql.ref('elevatorId')}
        from heads h join ${w} as n on n.id = coalesce(
          (
            select m.id from ${w} as m
            where m.status = ${pending} and m.${sql.ref('developerId')} = h.dev and m.${sql.ref('elevatorId')} > h.elev
            order by m.${sql.ref('elevatorId')}, m.id limit 1
          ),
          (
            select m.id from ${w} as m
            where m.status = ${pending} and m.${sql.ref('developerId')} > h.dev
            order by m.${sql.ref('developerId')}, m.${sql.ref('elevatorId')}, m.id limit 1
          )
        )
      ),
      due as (
        select h.id, h.dev, h.elev from heads h join ${w} as d on d.id = h.id
        where d.${sql.ref('nextAttemptTime')} <= ${now}
        order by h.id limit ${WEBHOOK_ROUND_SIZE}
      ),
      fronts(id, dev, elev, rank) as (
        select id, dev, elev, 1 from due
        union all
        select n.id, f.dev, f.elev, f.rank + 1
        from fronts f join ${w} as n on n.id = (
          select m.id from ${w} as m
          where m.status = ${pending} and m.${sql.ref('developerId')} = f.dev
            and m.${sql.ref('elevatorId')} = f.elev and m.id > f.id
          order by m.id limit 1
        )
        where f.rank < ${QUEUE_STEP}
      ),
      taken as (select id from fronts limit ${WEBHOOK_ROUND_SIZE})
      select d.* from taken t join ${w} as d on d.id = t.id
    `.execute(this.db);
    const queues = new Map<string, Due[]>();
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const key = `${row.developerId}:${row.elevatorId}`;
      const list = queues.get(key);
      if (list) list.push(row);
      else queues.set(key, [row]);
    }
    // oldest head first, as the queues were chosen
    return [...queues.values()].sort((a, b) => Number(a[0]!.id) - Number(b[0]!.id));
  }

  /** A queue's front in order: each delivery is posted only once the one before it was acknowledged. */
  private async sendInOrder(queue: Due[], now: number, secrets: Map<number, string | null>) {
    const results: Awaited<ReturnType<WebhookSender['attempt']>>[] = [];
    for (const d of queue) {
      if (Number(d.nextAttemptTime) > now) break;
      const r = await this.attempt(d, now, secrets);
      results.push(r);
      if (!r.ok) break;
    }
    return results;
  }

  private async secretOf(developerId: number, cache: Map<number, string | null>): Promise<string | null> {
    if (cache.has(developerId)) return cache.get(developerId)!;
    const row = await this.db
      .selectFrom('developers')
      .select('secretEnc')
      .where('id', '=', developerId)
      .executeTakeFirst();
    const secret = row?.secretEnc ? this.box.open(row.secretEnc) : null;
    cache.set(developerId, secret);
    return secret;
  }

  /** One signed POST of a delivery; its outcome is recorded with the rest of the round. */
  private async attempt(
    d: {
      id: number;
      developerId: number;
      msgId: string;
      url: string;
      payload: string;
      attempts: number;
      eventTime: number;
    },
    now: number,
    secrets: Map<number, string | null>,
  ): Promise<AttemptResult & { developerId: number; url: string }> {
    const secret = await this.secretOf(d.developerId, secrets);
    const ts = Math.floor(Date.now() / 1000);
    const outcome: AttemptOutcome = secret
      ? await postWebhook(
          d.url,
          {
            'webhook-id': d.msgId,
            'webhook-timestamp': String(ts),
            'webhook-signature': webhookSignature(secret, d.msgId, ts, d.payload),
          },
          d.payload,
          this.allowed,
        )
      : { statusCode: null, latencyMs: 0, error: 'the developer has no secret yet', excerpt: null };
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const givenUp = !ok && now + backoffMs(d.attempts + 1) - d.eventTime > WEBHOOK.giveUpAfterMs;
    return { id: d.id, attempts: d.attempts, outcome, ok, givenUp, developerId: d.developerId, url: d.url };
  }
}

/** Deliveries a round sends at most before it records their outcomes: also the most a crash can repeat. */
export const WEBHOOK_ROUND_SIZE = 500;
/** A queue's deliveries a round may send one after the other (each once the one before is acknowledged). */
const QUEUE_STEP = 10;

interface Due {
  id: number;
  developerId: number;
  elevatorId: number | null;
  msgId: string;
  url: string;
  payload: string;
  attempts: number;
  eventTime: number;
  nextAttemptTime: number | null;
}

export interface DeliverOptions {
  /** How long a run goes on sending (default 20 s; the lease is 60 s). */
  budgetMs?: number;
  /** Read an empty queue again after this pause until the budget ends (the timer's runs); 0: return at once. */
  idlePollMs?: number;
}

/** Wait `ms` unless the signal aborts first; answers whether the whole pause passed. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `work` over every item, at most `width` at once (a new one starts as soon as any ends); results in item order. */
async function inWindow<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
