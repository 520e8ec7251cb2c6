import type { MessageKey } from '../i18n/messages.js';

/**
 * String rules of both documents' section 5, as pure functions. Each is also a JSON Schema `format`
 * (registered with TypeBox by ./register.ts), so the same function checks a console form, a CLI import row
 * and a server request, and the error names the rule through its message key.
 */
export interface FormatRule {
  /** JSON Schema format name: lc- keeps ours apart from the standard formats. */
  format: `lc-${string}`;
  message: MessageKey;
  /** Values the message names ({length}). */
  params?: Record<string, number>;
  test(value: string): boolean;
}

const rule = (format: FormatRule['format'], message: MessageKey, test: (v: string) => boolean): FormatRule => ({
  format,
  message,
  test,
});

/** console-shell.md §5: 4 to 25 characters of letters, digits, @, dot and underscore. */
export const username = rule('lc-username', 'validation.username', (v) => /^[A-Za-z0-9@._]{4,25}$/.test(v));

/**
 * The password rule we apply everywhere (docs/decisions.md): 8 to 30 characters with upper case, lower case
 * and a digit, the stronger of the documents' readings.
 */
export const password = rule(
  'lc-password',
  'validation.password',
  (v) =>
    v.length >= 8 && v.length <= 30 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v) && /^[\x21-\x7e]+$/.test(v),
);

/** 11 digits starting with 1. */
export const mobile = rule('lc-mobile', 'validation.mobile', (v) => /^1\d{10}$/.test(v));

/**
 * A telephone number as people write it down from a call: a mobile (13700000009, +86 137 0000 0009) or a
 * landline with its area code (0571-88886666), a service number (400-800-1234, 110). Digits, spaces and
 * hyphens, an optional leading +, 3 to 20 characters, starting and ending with a digit.
 */
export const phone = rule('lc-phone', 'validation.phone', (v) => /^\+?\d[\d -]{1,18}\d$/.test(v));

export const email = rule(
  'lc-email',
  'validation.email',
  (v) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v) && v.length <= 254,
);

/** A non-negative integer written as text (form inputs). */
export const nonNegativeInteger = rule('lc-non-negative-integer', 'validation.nonNegativeInteger', (v) =>
  /^\d+$/.test(v),
);

/** At most 2 decimals, up to 20 integer digits, optional minus sign. */
export const float = rule('lc-float', 'validation.float', (v) => /^-?\d{1,20}(\.\d{1,2})?$/.test(v));

/** yyyy-MM-dd HH:mm:ss, the console's date-time format, read in the caller's time zone. */
export const dateTime = rule('lc-datetime', 'validation.dateTime', (v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(v);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
});

/** The auth string: characters 0 and 1 only (console-shell.md §6). */
export const authString = rule('lc-auth-string', 'validation.authString', (v) => /^[01]*$/.test(v));

/** A gateway's DTU number: 11 digits. */
export const dtu: FormatRule = {
  format: 'lc-dtu',
  message: 'rule.dtuCode',
  params: { length: 11 },
  test: (v) => /^\d{11}$/.test(v),
};

/** A smart screen's password: 6 to 20 letters and digits. */
export const screenPassword = rule('lc-screen-password', 'rule.screenPassword', (v) => /^[A-Za-z0-9]{6,20}$/.test(v));

/** A calendar date yyyy-MM-dd that exists. */
export const calendarDate = rule('lc-date', 'validation.date', (v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
});

/** A time of day HH:mm, 24-hour. */
export const timeOfDay = rule('lc-time-of-day', 'validation.timeOfDay', (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v));

/**
 * A developer's push base URL (domain.md §3 Developer): http or https with a host, at most 300 characters.
 * Whether the host may be private or loopback is the server's check at delivery (docs/decisions.md "Webhooks").
 */
export const httpUrl = rule('lc-http-url', 'validation.httpUrl', (v) => {
  if (v.length > 300) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
});

export const FORMAT_RULES = [
  username,
  password,
  mobile,
  phone,
  email,
  nonNegativeInteger,
  float,
  dateTime,
  authString,
  dtu,
  screenPassword,
  calendarDate,
  timeOfDay,
  httpUrl,
] as const;

export function formatRule(format: string): FormatRule | undefined {
  return FORMAT_RULES.find((r) => r.format === format);
}
