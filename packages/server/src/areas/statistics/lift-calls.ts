import {
  LIFT_CALL_LABELS,
  LIFT_CALL_USAGE_EXPORTED,
  enumLabel,
  exportLiftCallStatistics,
  getLiftCallStatistics,
  liftCallFloors,
  liftCallOperation,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { liftCallStatistics } from '../../services/lift-call-statistics.js';
import type { LooseKysely } from '../../store/repository.js';
import type { Repositories } from '../../store/repositories.js';
import { XLSX_TYPE, xlsxSheetStream, type Cell } from '../../services/xlsx-sheet.js';

const USAGE_COLUMNS = ['username', 'mobile', 'floors', 'operationType', 'calls', 'lastCallTime'] as const;

/**
 * GET /api/statistics/liftCalls (index 851): the call-elevator statistics in the caller's scope and time zone;
 * GET /api/statistics/liftCalls/export: their usage lines (username, mobile, floors, operation type, calls) as
 * .xlsx in the request's language, up to LIFT_CALL_USAGE_EXPORTED lines, most calls first.
 */
export function registerLiftCallStatistics(app: FastifyInstance, db: LooseKysely, repos: Repositories): void {
  route(app, getLiftCallStatistics, async (req) =>
    ok(await liftCallStatistics(db, repos, callerOf(req), req.query, req.timeZone)),
  );
  route(app, exportLiftCallStatistics, async (req, reply) => {
    const lang = req.lang;
    const data = await liftCallStatistics(db, repos, callerOf(req), req.query, req.timeZone, LIFT_CALL_USAGE_EXPORTED);
    const sheet: Cell[][] = [
      USAGE_COLUMNS.map((c) => LIFT_CALL_LABELS[c][lang]),
      ...data.usage.map((u): Cell[] => [
        u.username,
        u.mobile,
        liftCallFloors(u),
        enumLabel(liftCallOperation, u.operationType, lang),
        u.calls,
        u.lastCallTime,
      ]),
    ];
    const stream = await xlsxSheetStream(sheet, `${data.from} ${data.to}`);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="lift-calls-${data.from}-${data.to}.xlsx"`)
      .send(stream);
  });
}
