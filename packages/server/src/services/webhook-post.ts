import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WEBHOOK } from '@liftcloud/client';
import type { AttemptOutcome } from './webhook-outcomes.js';

/**
 * One webhook POST on the wire: the Standard Webhooks signature, which targets a delivery may reach (checked on
 * the literal address and on every DNS answer a connection dials), the keep-alive pools, and the bounded
 * exchange itself. services/webhooks.ts queues and sends deliveries through it.
 */

/** Secrets' key bytes, decoded once per secret (a run signs thousands of deliveries with a few secrets). */
const signingKeys = new Map<string, Buffer>();
const SIGNING_KEYS_KEPT = 256;

/** The Standard Webhooks signature: v1,base64(HMAC-SHA256(key, id.timestamp.body)), the key the secret's bytes. */
export function webhookSignature(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  let key = signingKeys.get(secret);
  if (!key) {
    if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.clear();
    key = Buffer.from(secret, 'base64url');
    signingKeys.set(secret, key);
  }
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

/**
 * Keep-alive connection pools for deliveries, one per target rule and scheme, whose every new connection's DNS
 * answer is checked (guardedLookup): the pool, not each request, carries the check, and a receiver's connection
 * is reused from one delivery to the next.
 */
const agents = new Map<string, HttpAgent>();
function agentFor(allowed: WebhookTargets, https: boolean): HttpAgent {
  const key = `${allowed}:${https}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, scheduling: 'lifo' as const, lookup: guardedLookup(allowed) };
    agent = https ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Targets already parsed and checked, by URL and rule: a URL object or the reason it is refused. */
const checkedTargets = new Map<string, URL | string>();
const TARGETS_KEPT = 1024;

/** A push URL parsed, and refused when it names a literal address the rule does not allow (DNS is checked per connection). */
function checkTarget(url: string, allowed: WebhookTargets): URL | string {
  const key = `${allowed} ${url}`;
  let checked = checkedTargets.get(key);
  if (checked === undefined) {
    checked = parseTarget(url, allowed);
    if (checkedTargets.size >= TARGETS_KEPT) checkedTargets.clear();
    checkedTargets.set(key, checked);
  }
  return checked;
}

function parseTarget(url: string, allowed: WebhookTargets): URL | string {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'bad URL';
  }
  // a literal IP skips DNS: check it here
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const kind = addressKind(host);
    if (allowed !== 'any' && (kind === 'private' || (kind === 'loopback' && allowed !== 'loopback')))
      return `target address ${host} is not allowed`;
  }
  return target;
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
    const checked = checkTarget(url, allowed);
    if (typeof checked === 'string') return done({ statusCode: null, error: checked, excerpt: null });
    const target = checked;
    const https = target.protocol === 'https:';
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      agent: agentFor(allowed, https),
    };
    const req = (https ? httpsRequest : httpRequest)(target, options, (res) => {
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
          excerpt: chunks.length
            ? Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK.responseExcerptChars) || null
            : null,
        });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    // one bound on the whole exchange (connect, send, answer), not a socket idle time-out per request
    const timer = setTimeout(() => req.destroy(new Error('timed out')), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => done({ statusCode: null, error: err.message.slice(0, 200), excerpt: null }));
    req.end(body);
  });
}
