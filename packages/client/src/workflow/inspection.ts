import { addDays } from './contract.js';

/** Annual inspection results (domain.md §4 Other state sets; the inspectionResult dictionary). */
export const INSPECTION_RESULT = { pass: 1, noPass: 2 } as const;

/** An elevator is inspected once a year: the next inspection falls due a year after the last pass (29 Feb → 28 Feb). */
export function nextInspectionDate(passedOn: string): string {
  const [y, m, d] = passedOn.split('-').map(Number) as [number, number, number];
  const next = `${String(y + 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // a date that does not exist next year (29 February) falls back to the day before the first of the next month
  return addDays(next, 0).slice(5) === next.slice(5) ? next : addDays(`${String(y + 1)}-03-01`, -1);
}
