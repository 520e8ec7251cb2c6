import { randomUUID, createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
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
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/tables.js';
import type { LooseDB } from '../store/repository.js';
import type { SecretBox } from './developers.js';

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

/** The Standard Webhooks signature: v1,base64(HMAC-SHA256(key, id.timestamp.body)), the key the secret's bytes. */
export function webhookSignature(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret, 'base64url');
  return `v1,${createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** Which targets a delivery may connect to: public addresses only, also loopback (tests), or any. */
export type WebhookTargets = 'public' | 'loopback' | 'any';

/** Is this address private, loopback, link-local or unspecified (never a target unless configured)? */
export function addressKind(address: string): 'public' | 'loopback' | 'private' {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    if (a === 127) return 'loopback';
    if (a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
    if (a === 169 && b === 254) return 'private';
    if (a === 100 && b >= 64 && b <= 127) return 'private';
    if (a >= 224) return 'private';
    return 'public';
  }
  const lower = address.toLowerCase();
  if (lower === '::1') return 'loopback';
  if (lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)) return 'private';
  return 'public';
}

/** A DNS lookup that refuses what the configuration does not allow: checked on the address actually dialled. */
function guardedLookup(allowed: WebhookTargets): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => {
        const kind = addressKind(a.address);
        return allowed === 'any' ? false : kind === 'private' || (kind === 'loopback' && allowed !== 'loopback');
      });
      if (bad || !list.length)
        return callback(new Error(`target address ${bad?.address ?? '?'} is not allowed`), '', 0);
      const opts = options as { all?: boolean };
      if (opts.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  excerpt: string | null;
}

/** One POST with bounded time and answer size; never throws. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowed: WebhookTargets,
  timeoutMs: number = WEBHOOK.timeoutMs,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Omit<AttemptOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, latencyMs: latency() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return done({ statusCode: null, error: 'bad URL', excerpt: null });
    }
    // a literal IP skips DNS: check it here
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const kind = addressKind(host);
      if (allowed !== 'any' && (kind === 'private' || (kind === 'loopback' && allowed !== 'loopback')))
        return done({ statusCode: null, error: `target address ${host} is not allowed`, excerpt: null });
    }
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(allowed),
      timeout: timeoutMs,
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < 4096) chunks.push(c);
        size += c.length;
        // bounded: past 64 KB the answer is not read further
        if (size > 65_536) res.destroy();
      });
      const finish = () =>
        done({
          statusCode: res.statusCode ?? null,
          error: null,
          excerpt: Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK.responseExcerptChars) || null,
        });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    const timer = setTimeout(() => req.destroy(new Error('timed out')), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => done({ statusCode: null, error: err.message.slice(0, 200), excerpt: null }));
    req.end(body);
  });
}

/** The wait before the next try after `attempts` failed ones: 30 s doubling, at most 6 h apart. */
export const backoffMs = (attempts: number): number =>
  Math.min(WEBHOOK.firstBackoffMs * 2 ** Math.max(0, attempts - 1), WEBHOOK.maxBackoffMs);

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

  async deliverDue(now: number, signal?: AbortSignal, budgetMs = 20_000): Promise<number> {
    const started = performance.now();
    const secrets = new Map<number, string | null>();
    let sent = 0;
    for (;;) {
      if (signal?.aborted || performance.now() - started > budgetMs) return sent;
      const heads = this.db
        .selectFrom('webhookDeliveries')
        .select((eb) => eb.fn.min('id').as('id'))
        .where('status', '=', WEBHOOK_STATUS.pending)
        .groupBy(['developerId', 'elevatorId']);
      const due = await this.db
        .selectFrom('webhookDeliveries')
        .selectAll()
        .where('id', 'in', heads)
        .where('nextAttemptTime', '<=', now)
        .orderBy('id')
        .limit(500)
        .execute();
      if (!due.length) return sent;
      for (let i = 0; i < due.length; i += WEBHOOK.concurrency)
        await Promise.all(due.slice(i, i + WEBHOOK.concurrency).map((d) => this.attempt(d, now, secrets)));
      sent += due.length;
    }
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
  ): Promise<void> {
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
    const attempts = d.attempts + 1;
    const givenUp = !ok && now + backoffMs(attempts) - d.eventTime > WEBHOOK.giveUpAfterMs;
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('webhookDeliveries')
        .set({
          attempts,
          status: ok ? WEBHOOK_STATUS.delivered : givenUp ? WEBHOOK_STATUS.failed : WEBHOOK_STATUS.pending,
          lastAttemptTime: now,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          deliveredTime: ok ? now : null,
          nextAttemptTime: ok || givenUp ? null : now + backoffMs(attempts),
          updateTime: now,
        })
        .where('id', '=', d.id)
        .where('attempts', '=', d.attempts)
        .where('status', '=', WEBHOOK_STATUS.pending)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return;
      await trx
        .insertInto('webhookAttempts')
        .values({
          deliveryId: d.id,
          attemptTime: now,
          statusCode: outcome.statusCode,
          latencyMs: outcome.latencyMs,
          error: outcome.error,
          responseExcerpt: outcome.excerpt,
        })
        .execute();
    });
    if (givenUp) await this.switchOffIfDead(d.developerId, d.url, now);
  }
}
