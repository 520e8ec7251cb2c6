/**
 * B2: a list endpoint with auth, tenant and organisation scope, filters, total and pages, over HTTP,
 * beside the same query run directly on the store and a Fastify hello route, in the same run.
 *
 *   npx tsx bench/list-endpoint.ts            # 100,000 rows, SQLite file
 *   npx tsx bench/list-endpoint.ts --short    # 10,000 rows, a quick look
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/list-endpoint.ts
 */
import { LiftCloudClient, MemorySessionStore } from '@liftcloud/client';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../packages/server/src/app.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import { drive, round } from './lib/stats.js';
import { benchStore } from './lib/store.js';
import { REGIONS, seedUseUnits } from './lib/use-units.js';

const short = process.argv.includes('--short');
const ROWS = short ? 10_000 : 100_000;
const REQUESTS = short ? 1_000 : 4_000;
const CONCURRENCY = 10;

async function main() {
  const { store, dispose } = await benchStore('bench');
  const app = await buildApp({ store, loginRatePerMinute: 1_000, testing: { revealCaptcha: true } });
  const demo = (await seedDemo(store))!;
  const t0 = performance.now();
  await seedUseUnits(store, demo, ROWS);
  const seedSeconds = round((performance.now() - t0) / 1000);
  // A table bulk-loaded a moment ago has no planner statistics yet (autovacuum would gather them): without
  // them PostgreSQL sorts the whole table for a 20-row page.
  await sql`analyze`.execute(store.db);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
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

  // Warm both paths.
  for (let i = 0; i < 50; i++)
    await fetch(`${address}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}`, { headers });

  // Workload 1: the page a user opens (no filter), newest first, over the first 50 pages.
  const httpPlain = await drive(REQUESTS, CONCURRENCY, async (i) => {
    const res = await fetch(`${address}/api/useUnits?pageNo=${pageOf(i)}&pageSize=20`, { headers });
    if (res.status !== 200) throw new Error(`bad answer ${res.status}`);
    await res.arrayBuffer();
  });
  const directPlain = await drive(REQUESTS, CONCURRENCY, async (i) => {
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

  // Workload 2: a contains filter (region), which no index serves.
  // HTTP first: a long direct phase would leave keep-alive sockets idle past the server's timeout.
  const http = await drive(REQUESTS, CONCURRENCY, async (i) => {
    const res = await fetch(`${address}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}&pageSize=20`, {
      headers,
    });
    const body = (await res.json()) as { data: { total: number } };
    if (
      res.status !== 200 ||
      (body.data.total !== ROWS / REGIONS.length + (i % REGIONS.length === 0 ? 0 : 0) && body.data.total <= 0)
    )
      throw new Error(`bad answer ${res.status}`);
  });

  const direct = await drive(REQUESTS, CONCURRENCY, async (i) => {
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

  // The same endpoint with list totals never reused: what a request costs when the count runs every time.
  const uncachedApp = await buildApp({ store, loginRatePerMinute: 1_000, countCacheMs: 0 });
  const uncachedAddress = await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
  const httpUncached = await drive(Math.round(REQUESTS / 4), CONCURRENCY, async (i) => {
    const res = await fetch(`${uncachedAddress}/api/useUnits?region=${regionOf(i)}&pageNo=${pageOf(i)}&pageSize=20`, {
      headers,
    });
    if (res.status !== 200) throw new Error(`bad answer ${res.status}`);
    await res.arrayBuffer();
  });
  await uncachedApp.close();

  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  const helloAddress = await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloRun = await drive(REQUESTS * 2, CONCURRENCY, async () => {
    await (await fetch(`${helloAddress}/hello`)).json();
  });

  const result = {
    date: new Date().toISOString().slice(0, 10),
    store: store.dialect,
    rows: ROWS,
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    seedSeconds,
    plainList: { direct: directPlain, http: httpPlain, ratio: round(httpPlain.perSecond / directPlain.perSecond) },
    directQuery: direct,
    httpList: http,
    httpListTotalsNotReused: httpUncached,
    fastifyHello: helloRun,
    ratioToDirect: round(http.perSecond / direct.perSecond),
    ratioToHello: round(http.perSecond / helloRun.perSecond),
    ratioToDirectTotalsNotReused: round(httpUncached.perSecond / direct.perSecond),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(
      new URL(`./results/list-endpoint-${store.dialect}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    );

  await hello.close();
  await app.close();
  await dispose();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
