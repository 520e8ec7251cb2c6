import { formatDateTime, localTimeZone } from '@liftcloud/client';

/** Annual inspection notice range (§7): one month starting one year back, as yyyy-MM-dd HH:mm:ss. */
export function yearCheckWindow(now = new Date()): { startTime: string; endTime: string } {
  const start = new Date(now);
  start.setFullYear(start.getFullYear() - 1);
  const end = new Date(start);
  end.setMonth(end.getMonth() + 1);
  const tz = localTimeZone();
  return { startTime: formatDateTime(start.getTime(), tz), endTime: formatDateTime(end.getTime(), tz) };
}
