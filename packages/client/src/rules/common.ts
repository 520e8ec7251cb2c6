import type { Issue } from '../schema/entity.js';
import type { MessageKey } from '../i18n/messages.js';

/**
 * Building blocks of the domain rules (domain.md §5). Every rule takes plain values as a form, a CLI import
 * row or a request body holds them and answers `Issue[]`: empty when the value is good, at most one issue per
 * field otherwise, so a form shows one message under each input.
 */

/** A number as a form or a spreadsheet gives it: a number, its text, or nothing. */
export type NumberInput = number | string | null | undefined;
/** A time: epoch milliseconds, a Date, or text `yyyy-MM-dd` / `yyyy-MM-dd HH:mm:ss` (read as wall-clock time). */
export type TimeInput = number | string | Date | null | undefined;

export const DAY_MS = 24 * 60 * 60_000;

export function issue(field: string, rule: MessageKey, params?: Issue['params']): Issue {
  return params ? { field, rule, params } : { field, rule };
}

/** Empty as a form shows it: missing, null, blank text or an empty list. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/** `validation.required` for each named field that is blank, in the order given. */
export function requireFields<T extends object>(values: T, fields: readonly (keyof T & string)[]): Issue[] {
  return fields.filter((f) => isBlank(values[f])).map((f) => issue(f, 'validation.required'));
}

/** The number a value holds: undefined when blank, NaN when it is not a number. */
export function toNumber(value: NumberInput): number | undefined {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
}

export interface NumberCheck {
  required?: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
  /** Strictly greater than. */
  above?: number;
  /** The message when the value is outside min..max (instead of validation.minimum / maximum). */
  rangeRule?: MessageKey;
}

/** One number field: blank (when required), not a number, not whole, or out of range. */
export function checkNumber(field: string, value: NumberInput, check: NumberCheck): Issue[] {
  const n = toNumber(value);
  if (n === undefined) return check.required ? [issue(field, 'validation.required')] : [];
  if (!Number.isFinite(n)) return [issue(field, 'validation.type', { type: 'validation.type.number' })];
  if (check.integer && !Number.isInteger(n))
    return [issue(field, 'validation.type', { type: 'validation.type.integer' })];
  if (check.above !== undefined && !(n > check.above))
    return [issue(field, 'validation.exclusiveMinimum', { limit: check.above })];
  if (check.min !== undefined && n < check.min)
    return [check.rangeRule ? issue(field, check.rangeRule) : issue(field, 'validation.minimum', { limit: check.min })];
  if (check.max !== undefined && n > check.max)
    return [check.rangeRule ? issue(field, check.rangeRule) : issue(field, 'validation.maximum', { limit: check.max })];
  return [];
}

/** Required and strictly positive: the "must be greater than 0" rules. */
export const positive = (field: string, value: NumberInput, integer = false): Issue[] =>
  checkNumber(field, value, { required: true, above: 0, integer });

/**
 * Epoch milliseconds of a time: undefined when blank, NaN when it cannot be read. Text is read as wall-clock
 * time without a zone, so compare text with text (or numbers with numbers), never one with the other.
 */
export function toMillis(value: TimeInput): number | undefined {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(String(value).trim());
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p))) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(ms);
  const valid =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
  return valid && s < 60 ? ms : NaN;
}

/** One time field: blank (when required) or unreadable. */
export function checkTime(field: string, value: TimeInput, required = false): Issue[] {
  const ms = toMillis(value);
  if (ms === undefined) return required ? [issue(field, 'validation.required')] : [];
  return Number.isNaN(ms) ? [issue(field, 'validation.dateTime')] : [];
}

export interface TimeRange {
  start: number;
  end: number;
}

/**
 * Read a start and an end: each required one present and readable, then start before end (or not after it
 * when `allowEqual`). Returns the issues and, when both ends are good, the range.
 */
export function checkRange(
  startField: string,
  start: TimeInput,
  endField: string,
  end: TimeInput,
  opts: { required?: boolean; allowEqual?: boolean; orderRule?: MessageKey; requiredRule?: MessageKey } = {},
): { issues: Issue[]; range?: TimeRange } {
  const issues: Issue[] = [];
  const read = (field: string, value: TimeInput): number | undefined => {
    const ms = toMillis(value);
    if (ms === undefined && opts.required) issues.push(issue(field, opts.requiredRule ?? 'validation.required'));
    if (ms !== undefined && Number.isNaN(ms)) issues.push(issue(field, 'validation.dateTime'));
    return ms === undefined || Number.isNaN(ms) ? undefined : ms;
  };
  const s = read(startField, start);
  const e = read(endField, end);
  if (s === undefined || e === undefined) return { issues };
  if (opts.allowEqual ? s > e : s >= e) {
    issues.push(issue(endField, opts.orderRule ?? 'validation.rangeOrder'));
    return { issues };
  }
  return { issues, range: { start: s, end: e } };
}

/** The positions of entries that repeat an earlier one (by key), for "cannot be chosen twice" rules. */
export function repeatedIndexes<T>(list: readonly T[], key: (item: T) => unknown = (x) => x): number[] {
  const seen = new Set<unknown>();
  const repeats: number[] = [];
  list.forEach((item, i) => {
    const k = key(item);
    if (isBlank(k)) return;
    const norm = String(k).trim();
    if (seen.has(norm)) repeats.push(i);
    else seen.add(norm);
  });
  return repeats;
}
