import { DEFAULT_TIME_ZONE } from './constants.js';

/**
 * Zones found valid: the server checks every request's X-Time-Zone, and making a formatter to check it costs
 * about 40 µs. Only valid names are kept, at most KNOWN_ZONES of them (Intl also takes a name in any mix of
 * cases, so callers could otherwise grow the set without end).
 */
const knownZones = new Set<string>();
const KNOWN_ZONES = 1_000;

/**
 * Date-times travel as "yyyy-MM-dd HH:mm:ss" in the caller's time zone (the X-Time-Zone header,
 * Asia/Shanghai when absent) and are stored as epoch milliseconds.
 */
export function isTimeZone(tz: string | undefined): tz is string {
  if (!tz) return false;
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES) knownZones.add(tz);
  return true;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // bounded like the names isTimeZone keeps: case variants of one name are distinct keys
    if (formatters.size >= KNOWN_ZONES) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

function parts(ms: number, tz: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatDateTime(ms: number, tz: string = DEFAULT_TIME_ZONE): string {
  // the offset is whole seconds, so the wall clock's second is the UTC second of the shifted instant
  const wall = new Date(ms + offsetAt(ms, tz));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

/** The offset of a zone from UTC at an instant, in milliseconds (whole seconds), as Intl gives it. */
function exactOffsetAt(ms: number, tz: string): number {
  const p = parts(ms, tz);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * Offsets kept per zone and UTC hour. Intl's formatToParts costs a few microseconds, and a list of twenty rows
 * formats forty or more date-times (a tenth of a list request's CPU, B2's profile); an hour's offset is asked
 * of Intl at its first and last millisecond, and kept when both agree. An hour holding a change of offset
 * (daylight saving, or a historical change at any second) is kept as `null` and asked of Intl each time.
 */
const SLOT_MS = 3_600_000;
/** Hours kept in all zones together (a few MB at most), whatever zones and instants requests name. */
const SLOTS_KEPT = 100_000;
const slotOffsets = new Map<string, Map<number, number | null>>();
let slotsKept = 0;

function offsetAt(ms: number, tz: string): number {
  const slot = Math.floor(ms / SLOT_MS);
  const kept = slotOffsets.get(tz)?.get(slot);
  if (kept !== undefined) return kept ?? exactOffsetAt(ms, tz);
  const start = slot * SLOT_MS;
  const first = exactOffsetAt(start, tz);
  const offset = exactOffsetAt(start + SLOT_MS - 1, tz) === first ? first : null;
  if (slotsKept >= SLOTS_KEPT || (!slotOffsets.has(tz) && slotOffsets.size >= KNOWN_ZONES)) {
    slotOffsets.clear();
    slotsKept = 0;
  }
  let zone = slotOffsets.get(tz);
  if (!zone) slotOffsets.set(tz, (zone = new Map()));
  zone.set(slot, offset);
  slotsKept++;
  return offset ?? exactOffsetAt(ms, tz);
}

/** What the date-time code keeps (for tests and memory checks): formatters by zone name, hours' offsets. */
export function keptTimeZoneEntries(): { formatters: number; hours: number } {
  return { formatters: formatters.size, hours: slotsKept };
}

/** Read "yyyy-MM-dd HH:mm:ss" (or "yyyy-MM-dd", as midnight) as a wall-clock time in a zone. */
export function parseDateTime(text: string, tz: string = DEFAULT_TIME_ZONE): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - offsetAt(wall, tz);
  guess = wall - offsetAt(guess, tz);
  return guess;
}
