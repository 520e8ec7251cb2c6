import type { LooseKysely, Query } from './repository.js';

/** Up to this many matching rows a list's total is counted exactly; past it, it is estimated. */
export const EXACT_TOTAL_LIMIT = 10_000;

/** A list's total, and whether it is an estimate (shown as "about …" by the console and liftctl). */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** Two significant figures: an estimate does not pretend to more. */
export const roundEstimate = (n: number): number => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
};

/**
 * The total of the rows `base` selects, `scope` being the same rows before the list's filters (the caller's
 * tenant and organisations). Exact up to `limit` rows: the count stops at limit + 1 along the id index instead
 * of reading every match. Past it, estimated: the share of matches among the scope's newest `limit` rows,
 * times the scope's size (`scopeTotal`, counted on an index and kept like any total), rounded to two
 * significant figures. Costs about limit / selectivity rows read plus the kept scope count, whatever the
 * filter. docs/decisions.md, "Lists at scale".
 */
export async function totalOf(
  db: LooseKysely,
  lists: { base: Query; scope: Query; scopeTotal: () => Promise<number> },
  limit: number,
): Promise<ListTotal> {
  const { base, scope } = lists;
  if (!Number.isFinite(limit)) return exact(base);
  const capped = base
    .select('t.id as id')
    .orderBy('t.id', 'desc')
    .limit(limit + 1)
    .as('s');
  const n = Number(
    (
      await db
        .selectFrom(capped)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  if (n <= limit) return { total: n, estimated: false };
  const edge = await scope
    .select('t.id as id')
    .orderBy('t.id', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  if (!edge) return exact(base);
  const newest = await countAll(base.where('t.id', '>=', edge.id));
  const estimate = Math.max(n, ((await lists.scopeTotal()) * newest) / limit);
  return { total: roundEstimate(estimate), estimated: true };
}

/** Every row `q` selects, counted. */
export async function exact(q: Query): Promise<ListTotal> {
  return { total: await countAll(q), estimated: false };
}

async function countAll(q: Query): Promise<number> {
  return Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
}
