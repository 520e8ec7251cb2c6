import {
  DONE_STATUSES,
  HEALTH_LEVEL,
  HEALTH_MAINTENANCE_DAYS,
  HEALTH_WINDOW_DAYS,
  formatDateTime,
  healthIndex,
  type ElevatorHealth,
  type HealthInputs,
  type HealthQuery,
} from '@liftcloud/client';
import type { Caller } from './caller.js';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely, Repository } from '../store/repository.js';

const DAY_MS = 86_400_000;
/** maintenanceOrderStatus 11: void; such an order is never overdue. */
const VOID_STATUS = 11;

const emptyInputs = (): HealthInputs => ({
  faults: 0,
  hazards: 0,
  potentialFaults: 0,
  overLimitRuns: 0,
  a95Recent: null,
  a95RecentRuns: 0,
  a95Before: null,
  a95BeforeRuns: 0,
  overdueMaintenance: 0,
  maintenanceDone: 0,
  maintenanceLate: 0,
});

/**
 * The health index of each elevator the caller sees (client health/index.ts, docs/health-index.md), read from
 * its records with one grouped query per kind, each scoped as the caller's lists are. Lowest score first.
 */
export async function elevatorHealth(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: HealthQuery,
  tz: string,
  now = Date.now(),
): Promise<ElevatorHealth[]> {
  const ids = q.elevatorIds ? [...new Set(q.elevatorIds.split(',').map(Number))] : null;
  const scoped = (repo: Repository, column: string) => {
    const query = repo.scoped(db, caller);
    return ids ? query.where(column, 'in', ids) : query;
  };
  const since = now - HEALTH_WINDOW_DAYS * DAY_MS;
  const before = since - HEALTH_WINDOW_DAYS * DAY_MS;
  const today = formatDateTime(now, tz).slice(0, 10);
  const maintSince = formatDateTime(now - HEALTH_MAINTENANCE_DAYS * DAY_MS, tz).slice(0, 10);

  const [lifts, faults, hazards, potential, runs, overdue, done] = await Promise.all([
    scoped(repos.elevator as unknown as Repository, 't.id')
      .select(['t.id', 't.name'])
      .execute(),
    scoped(repos.faultRecord as unknown as Repository, 't.elevatorId')
      .where('t.faultTime', '>', since)
      .where('t.faultTime', '<=', now)
      .select((eb) => ['t.elevatorId', eb.fn.countAll().as('n')])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.hazardRecord as unknown as Repository, 't.elevatorId')
      .where('t.hazardTime', '>', since)
      .where('t.hazardTime', '<=', now)
      .where('t.code', 'not like', 'PF-%')
      .select((eb) => ['t.elevatorId', eb.fn.countAll().as('n')])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.potentialFault as unknown as Repository, 't.elevatorId')
      .where('t.open', '=', 1)
      .select((eb) => ['t.elevatorId', eb.fn.countAll().as('n')])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.eocdRun as unknown as Repository, 't.elevatorId')
      .where('t.runTime', '>', before)
      .where('t.runTime', '<=', now)
      .select((eb) => [
        't.elevatorId',
        eb.fn.sum<number>(eb.case().when('t.runTime', '>', since).then(1).else(0).end()).as('recentRuns'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('t.runTime', '>', since), eb('t.overLimit', '=', 1)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('over'),
        eb.fn
          .sum<number>(eb.case().when('t.runTime', '>', since).then(eb.ref('t.isoHorizontalA95')).else(0).end())
          .as('recentSum'),
        eb.fn
          .sum<number>(eb.case().when('t.runTime', '<=', since).then(eb.ref('t.isoHorizontalA95')).else(0).end())
          .as('beforeSum'),
        eb.fn.sum<number>(eb.case().when('t.runTime', '<=', since).then(1).else(0).end()).as('beforeRuns'),
      ])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.maintenanceOrder as unknown as Repository, 't.elevatorId')
      .where('t.planDate', '<', today)
      .where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', 'not in', [...DONE_STATUSES, VOID_STATUS])]))
      .select((eb) => ['t.elevatorId', eb.fn.countAll().as('n')])
      .groupBy('t.elevatorId')
      .execute(),
    scoped(repos.maintenanceOrder as unknown as Repository, 't.elevatorId')
      .where('t.status', 'in', [...DONE_STATUSES])
      .where('t.maintenanceDate', '>=', maintSince)
      .where('t.maintenanceDate', '<=', today)
      .select((eb) => [
        't.elevatorId',
        eb.fn.countAll().as('n'),
        eb.fn
          .sum<number>(eb.case().when('t.maintenanceDate', '>', eb.ref('t.planDate')).then(1).else(0).end())
          .as('late'),
      ])
      .groupBy('t.elevatorId')
      .execute(),
  ]);

  const inputs = new Map<number, HealthInputs>();
  for (const l of lifts) inputs.set(Number(l.id), emptyInputs());
  const each = (rows: Record<string, unknown>[], apply: (i: HealthInputs, r: Record<string, unknown>) => void) => {
    for (const r of rows) {
      const i = inputs.get(Number(r.elevatorId));
      if (i) apply(i, r);
    }
  };
  each(faults, (i, r) => (i.faults = Number(r.n)));
  each(hazards, (i, r) => (i.hazards = Number(r.n)));
  each(potential, (i, r) => (i.potentialFaults = Number(r.n)));
  each(runs, (i, r) => {
    i.overLimitRuns = Number(r.over ?? 0);
    i.a95RecentRuns = Number(r.recentRuns ?? 0);
    i.a95BeforeRuns = Number(r.beforeRuns ?? 0);
    i.a95Recent = i.a95RecentRuns ? Number(r.recentSum) / i.a95RecentRuns : null;
    i.a95Before = i.a95BeforeRuns ? Number(r.beforeSum) / i.a95BeforeRuns : null;
  });
  each(overdue, (i, r) => (i.overdueMaintenance = Number(r.n)));
  each(done, (i, r) => {
    i.maintenanceDone = Number(r.n);
    i.maintenanceLate = Number(r.late ?? 0);
  });

  const belowLevel = q.below ? HEALTH_LEVEL[q.below as keyof typeof HEALTH_LEVEL] : null;
  const out: ElevatorHealth[] = [];
  for (const l of lifts) {
    const h = healthIndex(inputs.get(Number(l.id))!);
    if (belowLevel !== null && h.level >= belowLevel) continue;
    out.push({ elevatorId: Number(l.id), elevatorName: String(l.name ?? ''), ...h });
  }
  return out.sort((a, b) => a.score - b.score || a.elevatorId - b.elevatorId);
}
