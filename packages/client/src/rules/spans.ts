import { QUERY_SPAN_DAYS } from '../constants.js';
import type { MessageKey } from '../i18n/messages.js';
import type { Issue } from '../schema/entity.js';
import { DAY_MS, checkRange, type TimeInput } from './common.js';

/** domain.md §5 Query spans: how long a date-range query may reach, by filter. */
export type SpanKind = keyof typeof QUERY_SPAN_DAYS;

/** Each span's message names it in the reader's language (event 3 days, power-down 7, … fault 2 months). */
export const SPAN_RULES: Record<SpanKind, MessageKey> = {
  event: 'rule.span.event',
  powerDown: 'rule.span.powerDown',
  alarm: 'rule.span.alarm',
  fifteenDay: 'rule.span.fifteenDay',
  oneMonth: 'rule.span.oneMonth',
  fault: 'rule.span.fault',
};

/**
 * A query range within its span: both ends readable, the start not after the end, and the end at most
 * QUERY_SPAN_DAYS[kind] days after the start (a month counts 31 days). An open range (an end missing) is left
 * to the query. The span issue names the end field, where the user fixes it.
 */
export function withinSpan(
  start: TimeInput,
  end: TimeInput,
  kind: SpanKind,
  fields: { start: string; end: string } = { start: 'startTime', end: 'endTime' },
): Issue[] {
  const { issues, range } = checkRange(fields.start, start, fields.end, end, { allowEqual: true });
  if (range && range.end - range.start > QUERY_SPAN_DAYS[kind] * DAY_MS)
    issues.push({ field: fields.end, rule: SPAN_RULES[kind], params: { days: QUERY_SPAN_DAYS[kind] } });
  return issues;
}
