/**
 * Electricity consumption of a fleet for the current month: meters reporting every 15 minutes since the 1st,
 * through the code the console, the reports and liftctl use (services/electricity.ts: every reading of the period
 * read and differenced in JavaScript, per day), beside plain SQL in the same run that computes each meter's total
 * with a window function (LAG) in the store. Each side runs five times, alternately; medians are compared.
 *
 *   npx tsx bench/electricity.ts            # 200 meters, a reading every 15 minutes of the month so far
 *   npx tsx bench/electricity.ts --short    # 20 meters
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/electricity.ts
 */
import { sql, type Kysely } from 'kysely';
import { writeFileSync } from 'node:fs';
import { migrate } from '../packages/server/src/db/migrate.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import type { Caller } from '../packages/server/src/services/caller.js';
import { electricity } from '../packages/server/src/services/electricity.js';
import { periodSpan } from '../packages/server/src/services/statistics.js';
import { openRepositories } from '../packages/server/src/store/repositories.js';
import type { LooseDB, LooseKysely } from '../packages/server/src/store/repository.js';
import { EXPOSED } from '../packages/server/src/tables/index.js';
import { round } from './lib/stats.js';
import { benchStore } from './lib/store.js';

const short = process.argv.includes('--short');
const METERS = short ? 20 : 200;
const EVERY = 15 * 60_000;
const RUNS = 5;
const TZ = 'Asia/Shanghai';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async <T>(f: () => Promise<T>): Promise<[number, T]> => {
  const t0 = performance.now();
  const out = await f();
  return [performance.now() - t0, out];
};

async function main() {
  const { store, dispose } = await benchStore('electricity');
  await migrate(store);
  const demo = (await seedDemo(store))!;
  const db = store.db as unknown as Kysely<LooseDB>;
  const tenantId = demo.tenants.demo;
  const orgId = demo.companies.maintenanceNorth!;
  const now = Date.now();
  const span = periodSpan(1, now, TZ);
  const t0 = performance.now();
  let readings = 0;
  for (let m = 0; m < METERS; m++) {
    const lift = await db
      .insertInto('elevators')
      .values({
        tenantId,
        orgId,
        name: `Meter lift ${m}`,
        elevatorType: 1,
        useStatus: 1,
        homeUse: 0,
        autoDailyReport: 0,
        autoWeeklyReport: 0,
        autoMonthlyReport: 0,
        parallel: 0,
        joinStatus: 0,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows: Record<string, unknown>[] = [];
    let kwh = 1000 + m;
    for (let t = span.start, n = 0; t < now; t += EVERY, n++) {
      // a reset on the 10th reading of every twentieth meter
      kwh = m % 20 === 0 && n === 10 ? 0.5 : kwh + 0.5 + ((n * 7 + m) % 5) / 10;
      rows.push({
        tenantId,
        orgId,
        elevatorId: lift.id,
        dtuCode: `bench${m}`,
        msgId: String(n),
        gwSn: `EM-${m}`,
        dbNo: '01',
        kwh: Math.round(kwh * 1000) / 1000,
        readTime: t,
        createTime: t,
        updateTime: t,
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('meterReadings')
        .values(rows.slice(i, i + 500))
        .execute();
    readings += rows.length;
  }
  if (store.dialect === 'sqlite') await sql`analyze`.execute(store.db);
  else await sql`analyze ${sql.table('meterReadings')}`.execute(store.db);
  const seedSeconds = round((performance.now() - t0) / 1000, 1);

  const repos = openRepositories(store.db, EXPOSED, 0);
  const caller: Caller = {
    userId: demo.users.admin!,
    username: 'admin',
    name: 'admin',
    userType: 1,
    tenantId,
    companyId: null,
    auth: '',
    superAdmin: false,
    tenantAdmin: true,
    sessionId: 0,
    tokenKind: 'session',
    mustChangePassword: false,
    canChangePassword: true,
    orgId: 0,
    scope: { tenantId, orgIds: null },
  };
  const loose = db as unknown as LooseKysely;
  const report = () => electricity(loose, repos, caller, { period: 1 }, TZ, now);
  // each meter's total in the store: consecutive differences by LAG, a drop counted as a reset
  const plain = async () =>
    (
      await sql<{ gwSn: string; used: number }>`
        select "gw_sn", sum(case when "prev" is null then 0 when "kwh" >= "prev" then "kwh" - "prev" else "kwh" end) as "used"
        from (
          select "gw_sn", "kwh", lag("kwh") over (partition by "elevator_id", "gw_sn", "db_no" order by "read_time", "id") as "prev"
          from "meter_readings" where "tenant_id" = ${tenantId} and "read_time" >= ${span.start} and "read_time" < ${span.end}
        ) x group by "gw_sn"`.execute(db)
    ).rows;

  // the two sides agree before either is timed
  const check = await report();
  const base = new Map((await plain()).map((r) => [String(r.gwSn), Number(r.used)]));
  if (check.rows.length !== METERS) throw new Error(`${check.rows.length} rows, ${METERS} meters`);
  for (const r of check.rows)
    if (Math.abs(r.total - base.get(r.gwSn)!) > 0.01)
      throw new Error(`${r.gwSn}: report ${r.total} vs plain ${base.get(r.gwSn)}`);

  const reportMs: number[] = [];
  const plainMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    reportMs.push((await time(report))[0]);
    plainMs.push((await time(plain))[0]);
  }
  const result = {
    date: new Date(now).toISOString().slice(0, 10),
    dialect: store.dialect,
    meters: METERS,
    readings,
    days: check.days.length,
    seedSeconds,
    consumption: {
      reportMs: round(median(reportMs)),
      plainSqlMs: round(median(plainMs)),
      ratio: round(median(plainMs) / median(reportMs)),
      runs: { reportMs: reportMs.map((x) => round(x)), plainSqlMs: plainMs.map((x) => round(x)) },
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short) writeFileSync(`bench/results/electricity-${store.dialect}.json`, `${JSON.stringify(result, null, 2)}\n`);
  await dispose();
}

await main();
