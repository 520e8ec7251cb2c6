import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { LooseDB, LooseKysely } from '../store/repository.js';

/** What one meter (lift, meter gateway, meter number) used on one day of the period, summed in the store. */
export type MeterDay = {
  elevatorId: number;
  gwSn: string;
  dbNo: string | null;
  day: number;
  /** kWh between consecutive readings of the period that fall on the day (a drop counts what the meter shows). */
  used: number;
  resets: number;
  readings: number;
  /** The meter's first reading of the period, when it falls on this day (the baseline's difference goes there). */
  firstKwh: number | null;
  /** Its last reading of the period and when, when on this day. */
  lastKwh: number | null;
  lastTime: number | null;
};

type Readings = SelectQueryBuilder<LooseDB, string, object>;
type EB = ExpressionBuilder<LooseDB, string>;

/**
 * One row per meter and day: each reading's difference from the one before it (LAG over the meter's readings
 * in time order) summed per day, the day found by a CASE over the period's midnights in the caller's zone, so
 * only meters × days rows leave the store, not every reading (README, "Electricity consumption").
 */
export async function meterDays(db: LooseKysely, readings: Readings, starts: number[]): Promise<MeterDay[]> {
  const meter = ['r.elevatorId', 'r.gwSn', 'r.dbNo'] as const;
  const dayOf = (eb: EB) => {
    let c = eb
      .case()
      .when('r.readTime', '<', starts[1] ?? Number.MAX_SAFE_INTEGER)
      .then(0);
    for (let i = 2; i < starts.length; i++) c = c.when('r.readTime', '<', starts[i]!).then(i - 1);
    return c.else(starts.length - 1).end();
  };
  const inner = readings.select((eb) => [
    ...meter,
    'r.kwh',
    'r.readTime',
    dayOf(eb).as('day'),
    eb.fn
      .agg<number>('lag', ['r.kwh'])
      .over((ob) =>
        ob
          .partitionBy([...meter])
          .orderBy('r.readTime')
          .orderBy('r.id'),
      )
      .as('prev'),
    // the meter's next reading's id: none on its last (one ordering for every window, so one sort)
    eb.fn
      .agg<number>('lead', ['r.id'])
      .over((ob) =>
        ob
          .partitionBy([...meter])
          .orderBy('r.readTime')
          .orderBy('r.id'),
      )
      .as('next'),
  ]);
  const rows = await db
    .selectFrom(inner.as('x'))
    .select((eb) => [
      'x.elevatorId',
      'x.gwSn',
      'x.dbNo',
      'x.day',
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('x.prev', 'is', null)
            .then(0)
            .when('x.kwh', '>=', eb.ref('x.prev'))
            .then(eb('x.kwh', '-', eb.ref('x.prev')))
            .else(eb.ref('x.kwh'))
            .end(),
        )
        .as('used'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('x.prev', 'is not', null), eb('x.kwh', '<', eb.ref('x.prev'))]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('resets'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.max(eb.case().when('x.prev', 'is', null).then(eb.ref('x.kwh')).end()).as('firstKwh'),
      eb.fn.max(eb.case().when('x.next', 'is', null).then(eb.ref('x.kwh')).end()).as('lastKwh'),
      eb.fn.max(eb.case().when('x.next', 'is', null).then(eb.ref('x.readTime')).end()).as('lastTime'),
    ])
    .groupBy(['x.elevatorId', 'x.gwSn', 'x.dbNo', 'x.day'])
    .execute();
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    elevatorId: Number(r.elevatorId),
    gwSn: String(r.gwSn),
    dbNo: (r.dbNo as string | null) ?? null,
    day: Number(r.day),
    used: Number(r.used ?? 0),
    resets: Number(r.resets ?? 0),
    readings: Number(r.n),
    firstKwh: num(r.firstKwh),
    lastKwh: num(r.lastKwh),
    lastTime: num(r.lastTime),
  }));
}
