/**
 * B2: a list endpoint with auth, tenant and organisation scope, filters, total and pages, over HTTP,
 * beside the same query run directly on the store and a Fastify hello route, in the same run.
 *
 *   npx tsx bench/list-endpoint.ts            # 1,000,000 rows, 100 clients, SQLite file
 *   npx tsx bench/list-endpoint.ts --short    # 10,000 rows, a quick look
 *   npx tsx bench/list-endpoint.ts --rows 100000 --clients 10   # the earlier run's size
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/list-endpoint.ts
 *   npx tsx bench/list-endpoint.ts --server-process   # each server (and the hello route) in a process of its own
 *
 * By default the servers run in the bench's process, beside its 100 clients: the clients' own work (building
 * requests, reading answers) then shares the servers' event loop and counts in every latency. With
 * --server-process it does not, as with a deployment's clients; the results go to …-processes.json.
 */
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';
import { sql } from 'kysely';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../packages/server/src/app.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import { startAppProcess, startHello } from './lib/app-process.js';
import { HttpClients } from './lib/http-clients.js';
import { drive, round } from './lib/stats.js';
import { benchStore } from './lib/store.js';
import { REGIONS, seedUseUnits } from './lib/use-units.js';

const short = process.argv.includes('--short');
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : undefined;
};
const SEPARATE = process.argv.includes('--server-process');
const ROWS = flag('--rows') ?? (short ? 10_000 : 1_000_000);
const CONCURRENCY = flag('--clients') ?? (short ? 10 : 100);
const REQUESTS = short ? 1_000 : 4_000;
// Raw SQL counts every match each time (a scan of the table): fewer requests keep the run's length bounded.
const DIRECT_REQUESTS = Math.max(30, Math.round((REQUESTS * 100_000) / Math.max(ROWS, 100_000) / 4));
// The store's own statements run one at a time on SQLite and on a pool of 10 on PostgreSQL.
const DIRECT_CONCURRENCY = Math.min(CONCURRENCY, 10);

/**
 * Requests the server failed (closed, timed out) are counted rather than ending the run: under an overload the
 * count is a figure to report.
 */
const failures: Record<string, number> = {};
const counted =
  (name: string, task: (i: number, worker: number) => Promise<void>) =>
  async (i: number, worker: number): Promise<void> => {
    try {
      await task(i, worker);
    } catch {
      failures[name] = (failures[name] ?? 0) + 1;
    }
  };

async function main() {
  const { store, dispose, sqliteFile, databaseUrl } = await benchStore('bench');
  /** A platform server on the bench's store: in this process, or with --server-process in one of its own. */
  const serve = async (options: Record<string, unknown>) => {
    if (SEPARATE) return startAppProcess({ sqliteFile, databaseUrl, app: options });
    const served = await buildApp({ store, ...options });
    return { address: await served.listen({ port: 0, host: '127.0.0.1' }), close: () => served.close() };
  };
  // this process's app migrates the store, and serves the list unless --server-process
  const app = await buildApp({ store, loginRatePerMinute: 1_000, testing: { revealCaptcha: true } });
  const demo = (await seedDemo(store))!;
  const t0 = performance.now();
  await seedUseUnits(store, demo, ROWS);
  const seedSeconds = round((performance.now() - t0) / 1000);
  // A table bulk-loaded a moment ago has no planner statistics yet (autovacuum would gather them): without
  // them PostgreSQL sorts the whole table for a 20-row page.
  await sql`analyze`.execute(store.db);

  const main = SEPARATE
    ? await serve({ loginRatePerMinute: 1_000, testing: { revealCaptcha: true } })
    : { address: await app.listen({ port: 0, host: '127.0.0.1' }), close: async () => {} };
  const { address } = main;
  const session = new MemorySessionStore();
  const client = new LiftCloudClient({ baseUrl: `${address}/api`, session });
  const captcha = (await client.auth.captcha()) as { key: string; answer: string };
  await client.auth.login({
    username: 'admin',
    password: 'LiftDemo2026',
    captchaKey: captcha.key,
    captchaCode: captcha.answer,
  });
  const token = session.get()!.token;
  const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };

  // The admin's organisation subtree, as the server computes it for each request.
  const scopeIds = (
    await store.db.selectFrom('companies').select('id').where('tenantId', '=', demo.tenants.demo).execute()
  ).map((r) => r.id);
  const pageOf = (i: number) => 1 + (i % 50);
  const regionOf = (i: number) => REGIONS[i % REGIONS.length]!.split(' ')[1]!.toLowerCase();

  // Each of the clients is a user with a connection of its own (lib/http-clients.ts).
  const clients = new HttpClients(CONCURRENCY);
  // Warm both paths.
  for (let i = 0; i < 50; i++)
    await clients.get(0, `${address}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}`, headers);

  await clients.connect(`${address}/api/config`);

  // Workload 1: the page a user opens (no filter), newest first, over the first 50 pages.
  const httpPlain = await drive(
    REQUESTS,
    CONCURRENCY,
    counted('plain', async (i, worker) => {
      const res = await clients.get(worker, `${address}/api/useUnits?pageNo=${pageOf(i)}&pageSize=20`, headers);
      if (res.status !== 200) throw new Error(`bad answer ${res.status}`);
    }),
  );
  // Workload 2: a contains filter (region), which no index serves. Its totals (estimated past the exact
  // limit) are kept to compare with the true count.
  const totals = new Map<string, { total: number; totalEstimated?: boolean }>();
  const http = await drive(
    REQUESTS,
    CONCURRENCY,
    counted('contains', async (i, worker) => {
      const url = `${address}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}&pageSize=20`;
      const res = await clients.get(worker, url, headers);
      const body = JSON.parse(res.body.toString()) as { data: { total: number; totalEstimated?: boolean } };
      if (res.status !== 200 || body.data.total <= 0) throw new Error(`bad answer ${res.status}`);
      totals.set(regionOf(i), { total: body.data.total, totalEstimated: body.data.totalEstimated });
    }),
  );

  // The same endpoint with list totals never reused: what a request costs when the count runs every time.
  const uncachedApp = await serve({ loginRatePerMinute: 1_000, countCacheMs: 0 });
  const uncachedAddress = uncachedApp.address;
  await clients.connect(`${uncachedAddress}/api/config`);
  const httpUncached = await drive(
    Math.round(REQUESTS / 4),
    CONCURRENCY,
    counted('notReused', async (i, worker) => {
      const url = `${uncachedAddress}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}&pageSize=20`;
      const res = await clients.get(worker, url, headers);
      if (res.status !== 200) throw new Error(`bad answer ${res.status}`);
    }),
  );
  await uncachedApp.close();

  // As before estimates: every total counted exactly, never reused (a scan of every match per request).
  // (as a number JSON carries to a server process: more than any table here)
  const exactApp = await serve({
    loginRatePerMinute: 1_000,
    countCacheMs: 0,
    exactTotalLimit: Number.MAX_SAFE_INTEGER,
  });
  const exactAddress = exactApp.address;
  await clients.connect(`${exactAddress}/api/config`);
  const httpExact = await drive(
    DIRECT_REQUESTS,
    CONCURRENCY,
    counted('exact', async (i, worker) => {
      const url = `${exactAddress}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}&pageSize=20`;
      const res = await clients.get(worker, url, headers);
      if (res.status !== 200) throw new Error(`bad answer ${res.status}`);
    }),
  );
  await exactApp.close();

  // The store's own queries last: a long phase without HTTP would leave keep-alive sockets idle past the
  // server's timeout.
  const directPlain = await drive(DIRECT_REQUESTS, DIRECT_CONCURRENCY, async (i) => {
    const base = store.db
      .selectFrom('useUnits as t')
      .where('t.tenantId', '=', demo.tenants.demo)
      .where((eb) => eb.or([eb('t.orgId', 'is', null), eb('t.orgId', 'in', scopeIds)]));
    await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    await base
      .selectAll('t')
      .orderBy('t.id', 'desc')
      .limit(20)
      .offset((pageOf(i) - 1) * 20)
      .execute();
  });

  const direct = await drive(DIRECT_REQUESTS, DIRECT_CONCURRENCY, async (i) => {
    const base = store.db
      .selectFrom('useUnits as t')
      .where('t.tenantId', '=', demo.tenants.demo)
      .where((eb) => eb.or([eb('t.orgId', 'is', null), eb('t.orgId', 'in', scopeIds)]))
      .where(sql`lower(t.region)`, 'like', `%${regionOf(i)}%`);
    await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    await base
      .selectAll('t')
      .orderBy('t.id', 'desc')
      .limit(20)
      .offset((pageOf(i) - 1) * 20)
      .execute();
  });

  const hello = await startHello(SEPARATE);
  const helloAddress = hello.address;
  await clients.connect(`${helloAddress}/hello`);
  const helloRun = await drive(REQUESTS * 2, CONCURRENCY, async (_, worker) => {
    JSON.parse((await clients.get(worker, `${helloAddress}/hello`)).body.toString());
  });

  const result = {
    date: new Date().toISOString().slice(0, 10),
    store: store.dialect,
    servers: SEPARATE ? 'each in a process of its own' : "in the bench's process, beside its clients",
    rows: ROWS,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    directRequests: DIRECT_REQUESTS,
    directConcurrency: DIRECT_CONCURRENCY,
    // each region matches a fifth of the rows: the true total beside what the list answered
    regionTotals: Object.fromEntries(
      [...totals].map(([region, t]) => [region, { ...t, exact: ROWS / REGIONS.length }]),
    ),
    seedSeconds,
    plainList: { direct: directPlain, http: httpPlain, ratio: round(httpPlain.perSecond / directPlain.perSecond) },
    directQuery: direct,
    httpList: http,
    httpListTotalsNotReused: httpUncached,
    httpListExactTotalsNotReused: httpExact,
    fastifyHello: helloRun,
    failures,
    ratioToDirect: round(http.perSecond / direct.perSecond),
    ratioToHello: round(http.perSecond / helloRun.perSecond),
    ratioToDirectTotalsNotReused: round(httpUncached.perSecond / direct.perSecond),
    ratioToHelloTotalsNotReused: round(httpUncached.perSecond / helloRun.perSecond),
    estimatedOverExact: round(httpUncached.perSecond / httpExact.perSecond),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(
      new URL(
        `./results/list-endpoint-${store.dialect}${ROWS === 1_000_000 ? '' : `-${ROWS}`}${SEPARATE ? '-processes' : ''}.json`,
        import.meta.url,
      ),
      `${JSON.stringify(result, null, 2)}\n`,
    );

  clients.close();
  await hello.close();
  await main.close();
  await app.close();
  await dispose();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
