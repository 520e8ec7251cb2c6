import { DEFAULT_TIME_ZONE, SUPERVISION_CYCLE, SUPERVISION_STATE, formatDateTime } from '@liftcloud/client';
import type { Kysely } from 'kysely';
import type { LooseDB } from '../../store/repository.js';

type Cycle = (typeof SUPERVISION_CYCLE)[keyof typeof SUPERVISION_CYCLE];

/** The elevator flag that asks for each cycle's records (entities/elevator.ts). */
const FLAG: Record<Cycle, string> = {
  [SUPERVISION_CYCLE.daily]: 'autoDailyReport',
  [SUPERVISION_CYCLE.weekly]: 'autoWeeklyReport',
  [SUPERVISION_CYCLE.monthly]: 'autoMonthlyReport',
};

/** How many periods back a lift with records is caught up after the job did not run (a stopped platform). */
export const CATCH_UP_PERIODS: Record<Cycle, number> = {
  [SUPERVISION_CYCLE.daily]: 31,
  [SUPERVISION_CYCLE.weekly]: 8,
  [SUPERVISION_CYCLE.monthly]: 3,
};

/** Who a generated record names as its creator. */
export const GENERATED_BY = 'system';

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the period holding `date`: the day, its week's Monday, its month's first. */
export function periodStart(cycle: Cycle, date: string): string {
  if (cycle === SUPERVISION_CYCLE.daily) return date;
  if (cycle === SUPERVISION_CYCLE.monthly) return `${date.slice(0, 8)}01`;
  const d = day(date);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return iso(d);
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriod(cycle: Cycle, start: string): string {
  const d = day(start);
  if (cycle === SUPERVISION_CYCLE.daily) d.setUTCDate(d.getUTCDate() + 1);
  else if (cycle === SUPERVISION_CYCLE.weekly) d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d);
}

/** The period starts a lift is owed: after its latest record (at most CATCH_UP_PERIODS back), through `current`. */
export function owedPeriods(cycle: Cycle, latest: string | null, current: string): string[] {
  if (latest === null || latest >= current) return latest === current ? [] : [current];
  const owed: string[] = [];
  for (let p = nextPeriod(cycle, latest); p <= current; p = nextPeriod(cycle, p)) owed.push(p);
  return owed.slice(-CATCH_UP_PERIODS[cycle]);
}

const BATCH = 500;

/**
 * Make the supervision records owed at `now` (dates in the platform's zone, China's): for each lift whose
 * daily, weekly or monthly flag is set and whose use unit has a default template of that cycle, one record per
 * period with the template's items to check and no handle result yet. The unique index on lift, cycle and period
 * (migration 028) makes a second insert of a record a no-op, whichever instance runs it and however often.
 */
export async function generateSupervision(db: Kysely<LooseDB>, now: number, signal?: AbortSignal): Promise<number> {
  const today = formatDateTime(now, DEFAULT_TIME_ZONE).slice(0, 10);
  let made = 0;
  for (const cycle of Object.values(SUPERVISION_CYCLE)) {
    signal?.throwIfAborted();
    const current = periodStart(cycle, today);
    const lifts = await db
      .selectFrom('elevators as e')
      .innerJoin('supervisionTemplates as t', (j) =>
        j
          .onRef('t.tenantId', '=', 'e.tenantId')
          .onRef('t.enterpriseId', '=', 'e.useUnitId')
          .on('t.cycle', '=', cycle)
          .on('t.isDefault', '=', 1),
      )
      .leftJoin('useUnits as u', 'u.id', 'e.useUnitId')
      .select(['e.id', 'e.tenantId', 'e.orgId', 'e.no', 'u.name as useUnitName', 't.id as templateId', 't.items'])
      .select((eb) =>
        eb
          .selectFrom('supervisionRecords as r')
          .select((r) => r.fn.max('r.controlDate').as('latest'))
          .whereRef('r.elevatorId', '=', 'e.id')
          .where('r.cycle', '=', cycle)
          .as('latest'),
      )
      .where(`e.${FLAG[cycle]}`, '=', 1)
      .orderBy('e.id')
      .execute();
    const rows: Record<string, unknown>[] = [];
    for (const lift of lifts) {
      const latest = lift.latest === null || lift.latest === undefined ? null : String(lift.latest);
      const items = JSON.stringify(
        (JSON.parse(String(lift.items)) as Record<string, string>[]).map((i) => ({
          projectType: i.projectType,
          projectName: i.projectName,
          precaution: i.precaution,
          result: 0,
          note: '',
        })),
      );
      for (const controlDate of owedPeriods(cycle, latest, current))
        rows.push({
          tenantId: lift.tenantId,
          orgId: lift.orgId,
          elevatorId: lift.id,
          elevatorNo: lift.no,
          useUnit: lift.useUnitName,
          cycle,
          controlDate,
          templateId: lift.templateId,
          items,
          handleResult: '',
          abnormal: 0,
          state: SUPERVISION_STATE.toHandle,
          creator: GENERATED_BY,
          createTime: now,
          updateTime: now,
        });
    }
    for (let i = 0; i < rows.length; i += BATCH) {
      signal?.throwIfAborted();
      const result = await db
        .insertInto('supervisionRecords')
        .values(rows.slice(i, i + BATCH))
        .onConflict((oc) => oc.columns(['elevatorId', 'cycle', 'controlDate']).doNothing())
        .executeTakeFirst();
      made += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return made;
}
