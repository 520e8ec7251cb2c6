import { formatDateTime, parseDateTime } from '@liftcloud/client';

/** One calendar day in a time zone: its date and [start, end) in epoch ms. */
export interface DaySpan {
  date: string;
  start: number;
  end: number;
}

/** The calendar date `offset` days from a yyyy-MM-dd date (no zone: plain calendar arithmetic). */
function shiftDate(date: string, offset: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/**
 * The last seven calendar days in a time zone, oldest first, ending with today. Days are cut at the zone's
 * midnights, so a day across a daylight-saving change is 23 or 25 hours long.
 */
export function lastSevenDays(now: number, tz: string): DaySpan[] {
  const today = formatDateTime(now, tz).slice(0, 10);
  return Array.from({ length: 7 }, (_, i) => {
    const date = shiftDate(today, i - 6);
    return { date, start: parseDateTime(date, tz), end: parseDateTime(shiftDate(date, 1), tz) };
  });
}
