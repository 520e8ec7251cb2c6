import { readlinkSync } from 'node:fs';

/** An IANA zone name (Area/Location, or UTC); a POSIX TZ rule such as `CST-8` is left to Intl. */
const ZONE_NAME = /^(UTC|GMT|[A-Z][A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/;
const ZONEINFO = '/zoneinfo/';

let cached: string | undefined;

const readLocaltime = () => readlinkSync('/etc/localtime');

/**
 * The zone TZ or the /etc/localtime link names, without Intl (its first DateTimeFormat loads ICU: about
 * 50 ms); undefined when neither names one plainly (a POSIX rule in TZ, a copied file), for Intl to answer.
 */
export function namedZone(tz = process.env.TZ, readLink: () => string = readLocaltime): string | undefined {
  if (tz !== undefined && tz !== '') return ZONE_NAME.test(tz) ? tz : undefined;
  try {
    const target = readLink();
    const at = target.lastIndexOf(ZONEINFO);
    const name = at >= 0 ? target.slice(at + ZONEINFO.length) : '';
    return ZONE_NAME.test(name) ? name : undefined;
  } catch {
    return undefined; // not a link (Windows, macOS without it, a copied file): Intl knows
  }
}

/**
 * This machine's time zone, which every request names (X-Time-Zone) and dates are shown in. A server call
 * would otherwise spend a fifth of its start on Intl's time zone lookup (B7).
 */
export function localTimeZone(): string {
  cached ??= namedZone() ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai');
  return cached;
}
