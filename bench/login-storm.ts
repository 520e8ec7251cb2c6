/**
 * B5: a login storm while B2's list load runs. Logins over HTTP (a captcha, then username and password:
 * argon2id verify, login policy, session, login log) with many in flight, while ten clients page through the
 * use-unit list (bench/list-endpoint.ts's "page a user opens"). Beside it, in the same run: the server's own
 * password check alone (services/secrets.ts verifyPassword on the same hash, as many in flight), and the list
 * load alone. Figures: logins a second against hashes a second, and the list's p99 with the storm against
 * without; the event loop's delay (p99) in each phase shows whether hashing ever blocks it. The storm runs twice:
 * with the server's defaults (hash worker threads of lower priority, as many as the cores) and as it hashed
 * before (cores - 1 at once, at the API's priority).
 *
 *   npx tsx bench/login-storm.ts            # 100,000 rows, 300 logins, three rounds
 *   npx tsx bench/login-storm.ts --short    # 10,000 rows, 60 logins, one round
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/login-storm.ts
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.js';
import { DEMO_PASSWORD, seedDemo } from '../packages/server/src/seed/demo.js';
import {
  DEFAULT_HASH_NICE,
  defaultHashConcurrency,
  hashPassword,
  setHashConcurrency,
  setHashNice,
  verifyPassword,
} from '../packages/server/src/services/secrets.js';
import { verify } from '@node-rs/argon2';
import { drive, round, summarise, type Summary } from './lib/stats.js';
import { benchStore } from './lib/store.js';
import { seedUseUnits } from './lib/use-units.js';

const short = process.argv.includes('--short');
const ROWS = short ? 10_000 : 100_000;
const LOGINS = short ? 60 : 300;
const ROUNDS = short ? 1 : 3;
/** Logins in flight at once: a building's staff after a power cut, a shift change. */
const STORM = 16;
const LIST_CLIENTS = 10;
const LIST_ALONE_MS = short ? 3000 : 6000;
const USERS = ['admin', 'companyadmin', 'companyuser', 'general', 'qaadmin', 'qauser', 'platform', 'coastaladmin'];

/** The event loop's delay while `work` runs: p99 and max, in ms. */
async function withLoopDelay<T>(work: () => Promise<T>): Promise<{ result: T; loopP99: number; loopMax: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const result = await work();
  h.disable();
  return { result, loopP99: round(h.percentile(99) / 1e6), loopMax: round(h.max / 1e6) };
}

async function main() {
  const load = [round(loadavg()[0]!, 1)];
  const { store, dispose } = await benchStore('storm');
  // Behind a reverse proxy, as deployed: each login comes from its own address (X-Forwarded-For), since a single
  // source holds at most CAPTCHA_LIMITS.perSource captchas at once.
  const app = await buildApp({
    store,
    loginRatePerMinute: 1_000_000,
    trustProxy: ['127.0.0.1'],
    testing: { revealCaptcha: true },
  });
  const demo = (await seedDemo(store))!;
  await seedUseUnits(store, demo, ROWS);
  await sql`analyze`.execute(store.db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `${address}/api`;

  const login = async (i: number) => {
    const from = { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
    const captcha = (await (await fetch(`${api}/auth/captcha`, { headers: from })).json()) as {
      data: { key: string; answer: string };
    };
    const res = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { ...from, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: JSON.stringify({
        username: USERS[i % USERS.length],
        password: DEMO_PASSWORD,
        captchaKey: captcha.data.key,
        captchaCode: captcha.data.answer,
      }),
    });
    const body = (await res.json()) as { data?: { token?: string } };
    if (res.status !== 200 || !body.data?.token)
      throw new Error(`login refused: ${res.status} ${JSON.stringify(body)}`);
    return body.data.token;
  };
  const token = await login(0);
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };

  /** B2's list load until `stop()`: the latencies of every request. */
  const listLoad = () => {
    let running = true;
    const latencies: number[] = [];
    const started = performance.now();
    let n = 0;
    const clients = Promise.all(
      Array.from({ length: LIST_CLIENTS }, async () => {
        while (running) {
          const t0 = performance.now();
          const res = await fetch(`${api}/useUnits?pageNo=${1 + (n++ % 50)}&pageSize=20`, { headers });
          if (res.status !== 200) throw new Error(`list refused: ${res.status}`);
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return async (): Promise<Summary> => {
      running = false;
      await clients;
      return summarise(latencies, performance.now() - started);
    };
  };

  // Warm both paths (the argon2 binding loads at its first use).
  const hash = await hashPassword(DEMO_PASSWORD);
  for (let i = 0; i < 8; i++) await login(i);
  const warm = listLoad();
  await new Promise((r) => setTimeout(r, 500));
  await warm();

  type Storm = { logins: Summary; list: Summary; loopP99: number; loopMax: number };
  const rounds: {
    hashRaw: Summary;
    hashServer: Summary;
    listAlone: Summary & { loopP99: number };
    storm: Storm;
    stormFormer: Storm;
  }[] = [];
  const hashes = (check: () => Promise<boolean>) =>
    drive(LOGINS, STORM, async () => {
      if (!(await check())) throw new Error('hash does not verify');
    });
  const storm = async (): Promise<Storm> => {
    const r = await withLoopDelay(async () => {
      const stop = listLoad();
      const logins = await drive(LOGINS, STORM, async (i) => void (await login(i)));
      return { logins, list: await stop() };
    });
    return { ...r.result, loopP99: r.loopP99, loopMax: r.loopMax };
  };
  const limit = defaultHashConcurrency();
  for (let r = 0; r < ROUNDS; r++) {
    // The hash alone: the binding itself, as many in flight as the storm, every core if it wants them.
    const hashRaw = await hashes(() => verify(hash, DEMO_PASSWORD));
    // The server's password check alone (services/secrets.ts: at most HASH_CONCURRENCY at once).
    const hashServer = await hashes(() => verifyPassword(hash, DEMO_PASSWORD));
    const listAlone = await withLoopDelay(async () => {
      const stop = listLoad();
      await new Promise((res) => setTimeout(res, LIST_ALONE_MS));
      return stop();
    });
    const withLimit = await storm();
    // The same storm as the server hashed before 2026-11-27 (cores - 1 at once, at the API's own priority).
    setHashConcurrency(Math.max(1, limit - 1));
    setHashNice(0);
    const former = await storm();
    setHashConcurrency(limit);
    setHashNice(DEFAULT_HASH_NICE);
    rounds.push({
      hashRaw,
      hashServer,
      listAlone: { ...listAlone.result, loopP99: listAlone.loopP99 },
      storm: withLimit,
      stormFormer: former,
    });
    load.push(round(loadavg()[0]!, 1));
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const hashRaw = median(rounds.map((x) => x.hashRaw.perSecond));
  const hashServer = median(rounds.map((x) => x.hashServer.perSecond));
  const logins = median(rounds.map((x) => x.storm.logins.perSecond));
  const loginsFormer = median(rounds.map((x) => x.stormFormer.logins.perSecond));
  const listP99Alone = median(rounds.map((x) => x.listAlone.p99));
  const listP99Storm = median(rounds.map((x) => x.storm.list.p99));
  const listP99StormFormer = median(rounds.map((x) => x.stormFormer.list.p99));
  const result = {
    date: new Date().toISOString().slice(0, 10),
    store: store.dialect,
    rows: ROWS,
    logins: LOGINS,
    storm: STORM,
    listClients: LIST_CLIENTS,
    hashConcurrency: limit,
    hashNice: DEFAULT_HASH_NICE,
    uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
    loadAverage: load,
    rounds,
    hashRawPerSecond: hashRaw,
    hashServerPerSecond: hashServer,
    loginsDuringListPerSecond: logins,
    loginsDuringListFormerPerSecond: loginsFormer,
    loginToHashRaw: round(logins / hashRaw),
    loginToHashServer: round(logins / hashServer),
    formerLoginToHashRaw: round(loginsFormer / hashRaw),
    listP99Alone,
    listP99DuringStorm: listP99Storm,
    listP99Rise: round(listP99Storm / listP99Alone),
    listP99DuringStormFormer: listP99StormFormer,
    listP99RiseFormer: round(listP99StormFormer / listP99Alone),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(
      new URL(`./results/login-storm-${store.dialect}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  await app.close();
  await dispose();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
