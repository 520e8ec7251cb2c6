import { formatDateTime, parseDateTime } from '@liftcloud/client';
import type { JobSchedule } from './job.js';

const DAY_MS = 86_400_000;

/**
 * The first due time of a schedule strictly after `after`. Interval times are whole multiples of the interval
 * since the epoch (every 10 s: :00, :10, :20; every hour: on the hour, UTC), so every instance and every restart
 * reckons the same times, a late run does not shift the ones after it, and missed periods are skipped, not
 * run one by one.
 */
export function nextDue(schedule: JobSchedule, after: number): number {
  if ('everyMs' in schedule) {
    const every = Math.max(1, schedule.everyMs);
    return (Math.floor(after / every) + 1) * every;
  }
  return nextDailyTime(schedule, after);
}

function nextDailyTime(schedule: Extract<JobSchedule, { dailyAt: string }>, after: number): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule.dailyAt);
  if (!match) throw new Error(`job schedule dailyAt must be HH:mm, not ${schedule.dailyAt}`);
  const today = formatDateTime(after, schedule.timeZone).slice(0, 10);
  // Calendar days are counted in UTC from the zone's date, so a daylight-saving change cannot skip or repeat one.
  const day0 = Date.parse(`${today}T00:00:00Z`);
  for (let i = 0; i <= 7; i++) {
    const date = new Date(day0 + i * DAY_MS);
    if (schedule.weekdays && !schedule.weekdays.includes(date.getUTCDay())) continue;
    const at = parseDateTime(`${date.toISOString().slice(0, 10)} ${match[1]}:${match[2]}:00`, schedule.timeZone);
    if (at > after) return at;
  }
  throw new Error(`job schedule has no weekday: ${JSON.stringify(schedule.weekdays)}`);
}

/** The schedule in a few words, for the ops list: "every 10 s", "daily 02:00 Asia/Shanghai (Mon, Fri)". */
export function describeSchedule(schedule: JobSchedule): string {
  if ('everyMs' in schedule) {
    const ms = schedule.everyMs;
    if (ms % 3_600_000 === 0) return `every ${ms / 3_600_000} h`;
    if (ms % 60_000 === 0) return `every ${ms / 60_000} min`;
    if (ms % 1_000 === 0) return `every ${ms / 1_000} s`;
    return `every ${ms} ms`;
  }
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const days = schedule.weekdays ? ` (${schedule.weekdays.map((d) => names[d]).join(', ')})` : '';
  return `daily ${schedule.dailyAt} ${schedule.timeZone}${days}`;
}
