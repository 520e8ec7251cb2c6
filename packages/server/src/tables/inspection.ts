import { INSPECTION_RESULT, formatDateTime, inspection, nextInspectionDate, parseDateTime } from '@liftcloud/client';
import Type from 'typebox';
import { ValidationError } from '../http/errors.js';
import type { Query, ReadContext, TableSpec } from '../store/repository.js';

const WINDOW_SCHEMA = Type.Object({
  startTime: Type.String({ 'x-label': { 'zh-CN': '开始时间', 'en-US': 'Start time', 'it-Italy': 'Inizio' } }),
  endTime: Type.String({ 'x-label': { 'zh-CN': '结束时间', 'en-US': 'End time', 'it-Italy': 'Fine' } }),
});

/** A notice window's end, yyyy-MM-dd HH:mm:ss in the caller's zone, as the calendar day it falls on. */
function dayOf(query: Record<string, unknown>, key: 'startTime' | 'endTime', { tz }: ReadContext): string {
  const ms = parseDateTime(String(query[key]), tz);
  if (Number.isNaN(ms)) throw new ValidationError([{ field: key, rule: 'validation.dateTime' }], WINDOW_SCHEMA);
  return formatDateTime(ms, tz).slice(0, 10);
}

/**
 * The console's notice (`GET yearChecks?startTime&endTime`: one month starting one year back): each elevator's
 * latest pass made within the window, that is the lifts whose next inspection falls due in the coming month.
 * Without both keys, the list is the plain list.
 */
function dueWithin(q: Query, query: Record<string, unknown>, read: ReadContext): Query {
  if (query.startTime === undefined && query.endTime === undefined) return q;
  const from = dayOf(query, 'startTime', read);
  const to = dayOf(query, 'endTime', read);
  return q
    .where('t.result', '=', INSPECTION_RESULT.pass)
    .where('t.checkDate', '>=', from)
    .where('t.checkDate', '<=', to)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('inspections as later')
            .select('later.id')
            .whereRef('later.elevatorId', '=', 't.elevatorId')
            .where('later.result', '=', INSPECTION_RESULT.pass)
            .whereRef('later.checkDate', '>', 't.checkDate'),
        ),
      ),
    );
}

const nextCheck = (result: unknown, checkDate: unknown) =>
  Number(result) === INSPECTION_RESULT.pass && typeof checkDate === 'string' ? nextInspectionDate(checkDate) : null;

/** A no-pass raises its repair order through the work-order service (areas/work-orders, raiseForInspection). */
export const inspectionTable: TableSpec<typeof inspection.fields> = {
  entity: inspection,
  table: 'inspections',
  scope: 'org',
  queryFilter: dueWithin,
  async beforeCreate(row) {
    row.nextCheckDate = nextCheck(row.result, row.checkDate);
  },
  async beforeUpdate(row, _input, existing) {
    row.nextCheckDate = nextCheck(row.result ?? existing.result, row.checkDate ?? existing.checkDate);
  },
};
