/** Calendar dates (yyyy-MM-dd) as maintenance keeps them: plan start and end, plan and maintenance dates. */
const DAY_MS = 86_400_000;

/** Epoch milliseconds of a date's UTC midnight. */
export const dateMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The date of an instant, in UTC. */
export const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Today's date, in UTC (docs/decisions.md, "Maintenance": dates are reckoned in UTC). */
export const todayUtc = (now = Date.now()): string => dateOf(now);

export const addDays = (day: string, days: number): string => dateOf(dateMs(day) + days * DAY_MS);

/**
 * The plan dates of a plan within from..to: every `cycle` days from its start, never past its end. Reckoned from
 * the start each time (not from the last generated date), so every run and every instance finds the same dates.
 */
export function planDates(plan: { startDate: string; endDate: string; cycle: number }, from: string, to: string) {
  const out: string[] = [];
  const start = dateMs(plan.startDate);
  const last = Math.min(dateMs(plan.endDate), dateMs(to));
  const first = Math.max(start, dateMs(from));
  const step = plan.cycle * DAY_MS;
  let k = Math.max(0, Math.ceil((first - start) / step));
  for (let t = start + k * step; t <= last; t = start + ++k * step) out.push(dateOf(t));
  return out;
}

/** An order's number: M, the plan date, then the plan and elevator (generated) or the maker and a time stamp. */
export function orderNoOf(planDate: string, planId: number | null, elevatorId: number, by: number, now: number) {
  const day = planDate.replace(/-/g, '');
  return planId === null ? `M${day}H${by}T${now % 1e9}` : `M${day}P${planId}E${elevatorId}`;
}
