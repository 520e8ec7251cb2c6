/** Tests of rules/spans.ts: the query spans of domain.md section 5 */
import { describe, expect, it } from 'vitest';
import { QUERY_SPAN_DAYS, toMillis, withinSpan, type SpanKind } from '../../src/index.js';

describe('query spans', () => {
  const start = '2026-01-01 00:00:00';
  const plusDays = (days: number, extraSeconds = 0) =>
    new Date(toMillis(start)! + days * 86_400_000 + extraSeconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

  it('each kind accepts its span and refuses one second more', () => {
    for (const [kind, days] of Object.entries(QUERY_SPAN_DAYS) as [SpanKind, number][]) {
      expect(withinSpan(start, plusDays(days), kind), kind).toEqual([]);
      expect(withinSpan(start, plusDays(days, 1), kind), kind).toEqual([
        { field: 'endTime', rule: `rule.span.${kind}`, params: { days } },
      ]);
    }
  });

  it('refuses a reversed or unreadable range, leaves an open one to the query, and names the fields given', () => {
    expect(withinSpan(plusDays(1), start, 'event')).toEqual([{ field: 'endTime', rule: 'validation.rangeOrder' }]);
    expect(withinSpan(start, start, 'event')).toEqual([]);
    expect(withinSpan(start, null, 'event')).toEqual([]);
    expect(withinSpan('yesterday', start, 'event')).toEqual([{ field: 'startTime', rule: 'validation.dateTime' }]);
    expect(withinSpan(start, plusDays(10), 'alarm', { start: 'alarmTimeStart', end: 'alarmTimeEnd' })).toEqual([
      { field: 'alarmTimeEnd', rule: 'rule.span.alarm', params: { days: 7 } },
    ]);
  });
});
