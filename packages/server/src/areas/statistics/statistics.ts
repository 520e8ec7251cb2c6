import {
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  exportStatistics,
  getCallStatistics,
  getStatistics,
} from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { callStatistics } from '../../services/call-statistics.js';
import { statistics } from '../../services/statistics.js';
import type { LooseKysely } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';
import { registerLiftCallStatistics } from './lift-calls.js';
import { XLSX_TYPE, xlsxSheetStream, type Cell } from '../../services/xlsx-sheet.js';

/**
 * GET /api/statistics (index 851): services/statistics.ts over the caller's scope, in the caller's time zone;
 * GET /api/statistics/export: the same table as .xlsx, written as the entity exports write theirs; the call-elevator
 * statistics in ./lift-calls.ts.
 */
export function registerStatistics(app: FastifyInstance, { store, repos }: AreaDeps): void {
  const db = store.db as unknown as LooseKysely;
  route(app, getStatistics, async (req) => ok(await statistics(db, repos, callerOf(req), req.query, req.timeZone)));
  route(app, getCallStatistics, async (req) =>
    ok(await callStatistics(db, repos, callerOf(req), req.query, req.timeZone)),
  );
  registerLiftCallStatistics(app, db, repos);
  route(app, exportStatistics, async (req, reply) => {
    const data = await statistics(db, repos, callerOf(req), req.query, req.timeZone);
    const lang = req.lang;
    const cell = (v: unknown): Cell => (v === null || v === undefined ? null : typeof v === 'number' ? v : String(v));
    const sheet: Cell[][] = [
      STATISTICS_COLUMNS.map((c) => STATISTICS_LABELS[c][lang]),
      ...data.rows.map((r) => STATISTICS_COLUMNS.map((c) => cell(r[c]))),
      [
        STATISTICS_LABELS.total[lang],
        ...STATISTICS_COLUMNS.slice(1).map((c) => cell(data.totals[c as keyof typeof data.totals])),
      ],
    ];
    const stream = await xlsxSheetStream(sheet, `${data.from} ${data.to}`);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="statistics-${data.from}-${data.to}.xlsx"`)
      .send(stream);
  });
}
