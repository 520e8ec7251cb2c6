/**
 * The monthly report of a fleet: the statistics of 1,000 elevators for the current month (faults, alarms,
 * trapped, power cuts paired with their restore, repair orders, maintenance) over a million event rows, through
 * the code the console, the PDF and liftctl use (services/statistics.ts, read through the repositories' scope),
 * beside the same aggregates written as plain SQL in the same run. Each side runs five times, alternately;
 * medians are compared. Then the PDF: how long one elevator's report takes as data and as a PDF, and the report of
 * 200 elevators (the most one report holds) as a PDF; and one elevator's PDF again with its font parsed for each
 * document, as before the parsed font was kept between them.
 *
 *   npx tsx bench/monthly-report.ts            # 1,000 elevators, 1,000,000 event rows, SQLite file
 *   npx tsx bench/monthly-report.ts --short    # 100 elevators, 100,000 rows
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/monthly-report.ts
 */
import { sql, type Kysely } from 'kysely';
import { writeFileSync } from 'node:fs';
import { migrate } from '../packages/server/src/db/migrate.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import type { Caller } from '../packages/server/src/services/caller.js';
import { elevatorsReport, elevatorsReportPdf } from '../packages/server/src/services/report-sets.js';
import { elevatorReport, elevatorReportPdf } from '../packages/server/src/services/reports.js';
import { forgetParsedFonts } from '../packages/server/src/services/report-pdf.js';
import { periodSpan, statistics } from '../packages/server/src/services/statistics.js';
import { openRepositories } from '../packages/server/src/store/repositories.js';
import type { LooseDB, LooseKysely } from '../packages/server/src/store/repository.js';
import { EXPOSED } from '../packages/server/src/tables/index.js';
import { round } from './lib/stats.js';
import { benchStore } from './lib/store.js';

const short = process.argv.includes('--short');
const ELEVATORS = short ? 100 : 1_000;
const EVENTS = short ? 100_000 : 1_000_000;
const RUNS = 5;
const PDF_REPORTS = 20;
const TZ = 'Asia/Shanghai';
const BATCH = 500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async <T>(f: () => Promise<T>): Promise<[number, T]> => {
  const t0 = performance.now();
  const out = await f();
  return [performance.now() - t0, out];
};

async function main() {
  const { store, dispose } = await benchStore('monthreport');
  await migrate(store);
  const demo = (await seedDemo(store))!;
  const db = store.db as unknown as Kysely<LooseDB>;
  const tenantId = demo.tenants.demo;
  const companyId = demo.companies.maintenanceNorth!;
  const now = Date.now();
  const span = periodSpan(1, now, TZ);
  // the rows fall over the current month so far and the month before it: a fifth outside the report
  const before = span.start - 30 * 86_400_000;
  const at = (i: number) =>
    i % 5 === 0
      ? before + ((i * 7919) % (span.start - before))
      : span.start + ((i * 104_729) % Math.max(1, now - span.start));

  const lifts: number[] = [];
  for (let start = 0; start < ELEVATORS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ELEVATORS - start) }, (_, k) => ({
      tenantId,
      orgId: companyId,
      name: `Bench lift ${start + k}`,
      elevatorType: 1,
      useStatus: 1,
      maintenanceCompanyId: companyId,
      homeUse: 0,
      autoDailyReport: 0,
      autoWeeklyReport: 0,
      autoMonthlyReport: 0,
      parallel: 0,
      joinStatus: 0,
      createTime: now,
      updateTime: now,
    }));
    lifts.push(...(await db.insertInto('elevators').values(rows).returning('id').execute()).map((r) => Number(r.id)));
  }

  // a million event rows: 40 % faults, 30 % alarms (a tenth of them trapped), 30 % power events (down, restore)
  const t0 = performance.now();
  const faults = Math.floor(EVENTS * 0.4);
  const alarms = Math.floor(EVENTS * 0.3);
  const powers = EVENTS - faults - alarms;
  const owner = (i: number) => ({
    tenantId,
    orgId: companyId,
    elevatorId: lifts[i % lifts.length]!,
    dtuCode: '86000000000',
  });
  const fill = async (table: string, total: number, row: (i: number) => Record<string, unknown>) => {
    for (let start = 0; start < total; start += BATCH * 10)
      await db.transaction().execute(async (trx) => {
        for (let b = start; b < Math.min(total, start + BATCH * 10); b += BATCH)
          await trx
            .insertInto(table)
            .values(Array.from({ length: Math.min(BATCH, total - b) }, (_, k) => row(b + k)))
            .execute();
      });
  };
  await fill('faultRecords', faults, (i) => ({
    ...owner(i),
    msgId: `f${i}`,
    faultNo: `E${10 + (i % 40)}`,
    faultTime: at(i),
    faultStorey: i % 20,
    createTime: now,
    updateTime: now,
  }));
  await fill('alarmRecords', alarms, (i) => ({
    ...owner(i),
    msgId: `a${i}`,
    type: i % 10 === 0 ? 1 : 2,
    floor: i % 20,
    cleared: 0,
    alarmTime: at(i),
    createTime: now,
    updateTime: now,
  }));
  await fill('eventRecords', powers, (i) => {
    // pairs on one lift: the down, then its restore 1 to 300 minutes later
    const pair = Math.floor(i / 2);
    const down = at(pair);
    return {
      ...owner(pair),
      msgId: `e${i}`,
      kind: i % 2 === 0 ? 'powerDown' : 'powerRestore',
      eventTime: i % 2 === 0 ? down : down + (1 + (pair % 300)) * 60_000,
      createTime: now,
      updateTime: now,
    };
  });
  if (store.dialect === 'sqlite') await sql`analyze`.execute(store.db);
  else
    for (const t of ['faultRecords', 'alarmRecords', 'eventRecords', 'elevators'])
      await sql`analyze ${sql.table(t)}`.execute(store.db);
  const seedSeconds = round((performance.now() - t0) / 1000, 1);

  const repos = openRepositories(store.db, EXPOSED, { countCacheMs: 0, exactTotalLimit: Infinity });
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
  const report = () => statistics(loose, repos, caller, { period: 1, groupBy: 'elevator' }, TZ, now);

  // the same aggregates, plain SQL (the store's snake_case names): one statement per table, grouped by
  // elevator, summed here
  const { start, end } = span;
  const plain = async () => {
    const [liftRows, f, a, p, w, m] = await Promise.all([
      sql<{ id: number; name: string }>`select "id", "name" from "elevators" where "tenant_id" = ${tenantId}`.execute(
        db,
      ),
      sql<{ elevatorId: number; n: number }>`
        select "elevator_id", count(*) as "n" from "fault_records"
        where "tenant_id" = ${tenantId} and "fault_time" >= ${start} and "fault_time" < ${end} group by "elevator_id"`.execute(
        db,
      ),
      sql<{ elevatorId: number; n: number; trapped: number }>`
        select "elevator_id", count(*) as "n", sum(case when "type" = 1 then 1 else 0 end) as "trapped" from "alarm_records"
        where "tenant_id" = ${tenantId} and "alarm_time" >= ${start} and "alarm_time" < ${end} group by "elevator_id"`.execute(
        db,
      ),
      sql<{ elevatorId: number; eventTime: number; restoreTime: number | null }>`
        select d."elevator_id", d."event_time",
          (select min(r."event_time") from "event_records" r
            where r."elevator_id" = d."elevator_id" and r."kind" = 'powerRestore' and r."event_time" > d."event_time") as "restore_time"
        from "event_records" d
        where d."tenant_id" = ${tenantId} and d."kind" = 'powerDown' and d."event_time" >= ${start} and d."event_time" < ${end}`.execute(
        db,
      ),
      sql<{ elevatorId: number; n: number }>`
        select "elevator_id", count(*) as "n" from "work_orders"
        where "tenant_id" = ${tenantId} and "alarm_time" >= ${start} and "alarm_time" < ${end} group by "elevator_id"`.execute(
        db,
      ),
      sql<{ elevatorId: number; n: number }>`
        select "elevator_id", count(*) as "n" from "maintenance_orders"
        where "tenant_id" = ${tenantId} and "maintenance_date" >= ${span.from} and "maintenance_date" <= ${span.to}
        group by "elevator_id"`.execute(db),
    ]);
    const rows = new Map(
      liftRows.rows.map((l) => [Number(l.id), { faults: 0, alarms: 0, trapped: 0, powerCuts: 0, orders: 0, maint: 0 }]),
    );
    for (const r of f.rows) rows.get(Number(r.elevatorId))!.faults += Number(r.n);
    for (const r of a.rows) {
      rows.get(Number(r.elevatorId))!.alarms += Number(r.n);
      rows.get(Number(r.elevatorId))!.trapped += Number(r.trapped);
    }
    for (const r of p.rows) rows.get(Number(r.elevatorId))!.powerCuts += 1;
    for (const r of w.rows) rows.get(Number(r.elevatorId))!.orders += Number(r.n);
    for (const r of m.rows) rows.get(Number(r.elevatorId))!.maint += Number(r.n);
    return rows;
  };

  // the two sides agree before either is timed
  const check = await report();
  const base = await plain();
  for (const r of check.rows) {
    const b = base.get(r.id!)!;
    if (r.faults !== b.faults || r.alarms !== b.alarms || r.trapped !== b.trapped || r.powerCuts !== b.powerCuts)
      throw new Error(`elevator ${r.id}: report ${JSON.stringify(r)} vs plain ${JSON.stringify(b)}`);
  }
  const counted = check.totals.faults + check.totals.alarms + check.totals.powerCuts * 2;

  const reportMs: number[] = [];
  const plainMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    reportMs.push((await time(report))[0]);
    plainMs.push((await time(plain))[0]);
  }

  // PDFs: one elevator's report as data, then as a PDF; then 200 elevators in one PDF
  const dataMs: number[] = [];
  const pdfMs: number[] = [];
  const pdfBytes: number[] = [];
  for (const id of lifts.slice(0, PDF_REPORTS)) {
    const [d, r] = await time(() => elevatorReport(loose, repos, caller, id, 1, TZ, now));
    const [p, bytes] = await time(() => elevatorReportPdf(r, 'zh-CN', TZ));
    dataMs.push(d);
    pdfMs.push(p);
    pdfBytes.push(bytes.length);
  }
  // the same reports with the font parsed again for each (as before the parsed font was kept between documents)
  const uncachedPdfMs: number[] = [];
  for (const id of lifts.slice(0, PDF_REPORTS)) {
    const r = await elevatorReport(loose, repos, caller, id, 1, TZ, now);
    forgetParsedFonts();
    uncachedPdfMs.push((await time(() => elevatorReportPdf(r, 'zh-CN', TZ)))[0]);
  }
  const ids200 = lifts.slice(0, 200).join(',');
  const [multiDataMs, multi] = await time(() =>
    elevatorsReport(loose, repos, caller, { ids: ids200, period: 1 }, TZ, now),
  );
  const [multiPdfMs, multiPdf] = await time(() => elevatorsReportPdf(multi, 'zh-CN', TZ));

  const result = {
    date: new Date(now).toISOString().slice(0, 10),
    dialect: store.dialect,
    elevators: ELEVATORS,
    eventRows: EVENTS,
    rowsInTheMonth: counted,
    seedSeconds,
    monthlyReport: {
      reportMs: round(median(reportMs)),
      plainSqlMs: round(median(plainMs)),
      ratio: round(median(plainMs) / median(reportMs)),
      runs: { reportMs: reportMs.map((x) => round(x)), plainSqlMs: plainMs.map((x) => round(x)) },
    },
    pdf: {
      singleDataMs: round(median(dataMs)),
      singlePdfMs: round(median(pdfMs)),
      singlePdfFontParsedEachMs: round(median(uncachedPdfMs)),
      singlePdfKiB: round(median(pdfBytes) / 1024, 1),
      multi200DataMs: round(multiDataMs),
      multi200PdfMs: round(multiPdfMs),
      multi200PdfKiB: round(multiPdf.length / 1024, 1),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(`bench/results/monthly-report-${store.dialect}.json`, `${JSON.stringify(result, null, 2)}\n`);
  await dispose();
}

await main();
