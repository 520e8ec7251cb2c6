/**
 * Plan generation: a year of maintenance orders from plans for 10,000 elevators (every 15 days: 25 plan dates,
 * 250,000 orders) through the generation code the job and `liftctl maint plan generate` run (read the plan, its
 * elevators, their maintainers, the type's items and the settings; build each order; insert under the unique
 * index, skipping any that exist), beside inserting the same rows directly (plain batched INSERTs, built before
 * the clock starts) in the same run. Each side runs three times, alternately, on an emptied orders table;
 * medians are compared.
 *
 *   npx tsx bench/maintenance-plans.ts            # 10,000 elevators, SQLite file
 *   npx tsx bench/maintenance-plans.ts --short    # 1,000 elevators
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/maintenance-plans.ts
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { writeFileSync } from 'node:fs';
import { migrate } from '../packages/server/src/db/migrate.js';
import { seedDemo } from '../packages/server/src/seed/demo.js';
import { generatePlan, planRow, type PlanRow } from '../packages/server/src/services/maintenance/generate.js';
import { orderNoOf, planDates } from '../packages/server/src/services/maintenance/dates.js';
import type { LooseDB } from '../packages/server/src/store/repository.js';
import { round } from './lib/stats.js';
import { benchStore } from './lib/store.js';

const short = process.argv.includes('--short');
const ELEVATORS = short ? 1_000 : 10_000;
const PER_PLAN = 1_000;
const FROM = '2027-01-01';
const TO = '2027-12-31';
const RUNS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const { store, dispose } = await benchStore('maintbench');
  await migrate(store);
  const demo = (await seedDemo(store))!;
  const db = store.db as unknown as Kysely<LooseDB>;
  const tenantId = demo.tenants.demo;
  const companyId = demo.companies.maintenanceNorth!;
  const worker = demo.users.companyuser!;
  const now = Date.now();

  // the fleet: elevators with a maintainer, a type, the company's settings, plans of 1,000 elevators each
  const items = JSON.stringify([
    { name: 'Brake', content: 'Check the lining', requirement: 'Over 5 mm', area: 1 },
    { name: 'Door', content: 'Clean the sill', requirement: 'No debris', area: 3 },
  ]);
  const type = await db
    .insertInto('maintenanceTypes')
    .values({
      tenantId,
      orgId: companyId,
      name: 'Half-monthly',
      elevatorType: 1,
      classification: 1,
      items,
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('maintenanceSettings')
    .values({
      tenantId,
      orgId: companyId,
      companyId,
      autoSendDay: 3,
      cycle: 15,
      distance: 200,
      autoGenerate: 1,
      signInMethod: 1,
      createTime: now,
      updateTime: now,
    })
    .execute();
  const elevatorIds: number[] = [];
  for (let start = 0; start < ELEVATORS; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, ELEVATORS - start) }, (_, k) => ({
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
    const ids = await db.insertInto('elevators').values(rows).returning('id').execute();
    elevatorIds.push(...ids.map((r) => Number(r.id)));
  }
  for (let i = 0; i < elevatorIds.length; i += 1_000)
    await db
      .insertInto('elevatorMaintainers')
      .values(elevatorIds.slice(i, i + 1_000).map((elevatorId) => ({ elevatorId, userId: worker })))
      .execute();
  const plans: PlanRow[] = [];
  for (let i = 0; i < elevatorIds.length; i += PER_PLAN) {
    const p = await db
      .insertInto('maintenancePlans')
      .values({
        tenantId,
        orgId: companyId,
        name: `Plan ${i}`,
        maintenanceTypeId: Number(type.id),
        companyId,
        startDate: FROM,
        endDate: TO,
        cycle: 15,
        status: 1,
        createTime: now,
        updateTime: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('maintenancePlanElevators')
      .values(elevatorIds.slice(i, i + PER_PLAN).map((elevatorId) => ({ planId: Number(p.id), elevatorId })))
      .execute();
    plans.push(planRow(p));
  }
  await sql`analyze`.execute(store.db);

  // the direct side's rows, built before its clock starts: the same columns the generation writes
  const direct = plans.map((plan) =>
    planDates(plan, FROM, TO).flatMap((planDate) =>
      elevatorIds.slice(plans.indexOf(plan) * PER_PLAN, (plans.indexOf(plan) + 1) * PER_PLAN).map((elevatorId) => ({
        tenantId,
        orgId: companyId,
        orderNo: orderNoOf(planDate, plan.id, elevatorId, 0, now),
        elevatorId,
        planId: plan.id,
        maintenanceTypeId: plan.maintenanceTypeId,
        items: JSON.stringify(JSON.parse(items).map((i: object) => ({ ...i, condition: 0 }))),
        companyId,
        worker1Id: worker,
        worker2Id: null,
        planDate,
        status: 7,
        recentNotAccept: 0,
        createTime: now,
        updateTime: now,
      })),
    ),
  );
  const orders = direct.reduce((n, rows) => n + rows.length, 0);

  const empty = async () => {
    await db.deleteFrom('maintenanceOrders').execute();
  };
  const timed = async (run: () => Promise<number>) => {
    await empty();
    const t0 = performance.now();
    const made = await run();
    const seconds = (performance.now() - t0) / 1000;
    if (made !== orders) throw new Error(`made ${made} orders, expected ${orders}`);
    return seconds;
  };
  const generation = () =>
    timed(async () => {
      let made = 0;
      for (const plan of plans)
        made += (await db.transaction().execute((trx) => generatePlan(trx, plan, FROM, TO, { dryRun: false, now })))
          .length;
      return made;
    });
  const directInsert = () =>
    timed(async () => {
      let made = 0;
      for (const rows of direct)
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < rows.length; i += 500) {
            await trx
              .insertInto('maintenanceOrders')
              .values(rows.slice(i, i + 500))
              .execute();
            made += Math.min(500, rows.length - i);
          }
        });
      return made;
    });

  const g: number[] = [];
  const d: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    d.push(await directInsert());
    g.push(await generation());
  }
  const result = {
    date: new Date().toISOString().slice(0, 10),
    store: store.dialect,
    elevators: ELEVATORS,
    orders,
    directSeconds: d.map((x) => round(x)),
    generationSeconds: g.map((x) => round(x)),
    directRowsPerSecond: Math.round(orders / median(d)),
    generationRowsPerSecond: Math.round(orders / median(g)),
    ratio: round(median(d) / median(g)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (!short)
    writeFileSync(`bench/results/maintenance-plans-${store.dialect}.json`, `${JSON.stringify(result, null, 2)}\n`);
  await dispose();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
