/**
 * A zone's calendar computed by Intl alone, not by the server's date code: the statistics tests count their seeded
 * records against these bounds.
 */

/** The wall-clock date and time of an instant in a zone, by Intl alone (not the server's date code). */
export const wall = (at: number, tz: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), hm: `${parts.hour}:${parts.minute}` };
};

/** The instant a zone's day y-m-d begins: the one whole UTC hour within ±14 h whose wall clock reads 00:00 then. */
export const midnight = (y: number, m: number, d: number, tz: string) => {
  for (let h = -14; h <= 14; h++) {
    const at = Date.UTC(y, m - 1, d) - h * 3_600_000;
    const w = wall(at, tz);
    if (w.y === y && w.m === m && w.d === d && w.hm === '00:00') return at;
  }
  throw new Error(`no midnight for ${y}-${m}-${d} in ${tz}`);
};

/** The first instant of the current month, of the month five before it, and of the year, in a zone. */
export const bounds = (now: number, tz: string) => {
  const w = wall(now, tz);
  const back = new Date(Date.UTC(w.y, w.m - 1 - 5, 1));
  return {
    month: midnight(w.y, w.m, 1, tz),
    sixMonths: midnight(back.getUTCFullYear(), back.getUTCMonth() + 1, 1, tz),
    year: midnight(w.y, 1, 1, tz),
  };
};
