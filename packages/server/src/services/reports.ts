import {
  REPORT_LABELS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  REPORT_CHART_TYPES as CHART_SERIES,
  statisticsPeriod,
  enumLabel,
  type ElevatorReport,
  type Language,
} from '@liftcloud/client';
import { ReportPdf } from './report-pdf.js';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { periodSpan, statistics } from './statistics.js';

export { reportFont } from './report-pdf.js';

/** One elevator's report over a period, from the same statistics the console's table shows. */
export async function elevatorReport(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  id: number,
  period: number,
  tz: string,
  now = Date.now(),
): Promise<ElevatorReport> {
  const lift = await repos.elevator.get(caller, id, tz); // 404 for a lift the caller may not see
  const stats = await statistics(db, repos, caller, { period, groupBy: 'elevator', elevatorIds: String(id) }, tz, now);
  const span = periodSpan(period, now, tz);
  const sup = await repos.supervisionRecord
    .scoped(db, caller)
    .where('t.elevatorId', '=', id)
    .where('t.controlDate', '>=', span.from)
    .where('t.controlDate', '<=', span.to)
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>(eb.case().when('t.abnormal', '=', 1).then(1).else(0).end()).as('abnormal'),
      eb.fn.sum<number>(eb.case().when('t.state', '=', 0).then(1).else(0).end()).as('toHandle'),
    ])
    .executeTakeFirst();
  const figures = stats.rows.find((r) => r.id === id) ?? { id, name: lift.name, ...stats.totals };
  return {
    elevator: { id, name: lift.name, no: lift.no ?? null, useUnit: lift.useUnitName ?? null },
    period,
    from: stats.from,
    to: stats.to,
    figures,
    months: stats.months,
    supervision: {
      records: Number(sup?.n ?? 0),
      abnormal: Number(sup?.abnormal ?? 0),
      toHandle: Number(sup?.toHandle ?? 0),
    },
  };
}

/**
 * The report as a PDF (A4, the reader's language): the lift and period, the figures as a table, the months as
 * a bar chart drawn as vector paths, and the supervision counts (services/report-pdf.ts draws the pieces).
 */
export async function elevatorReportPdf(report: ElevatorReport, lang: Language, tz: string): Promise<Buffer> {
  const L = (k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][lang];
  const pdf = await ReportPdf.open(L('title'), lang);
  elevatorSections(pdf, report);
  return pdf.finish(tz);
}

/** The lift, the period, its figures, months and supervision: the single report, and the monitor report's start. */
export function elevatorSections(pdf: ReportPdf, report: ElevatorReport): void {
  const lang = pdf.lang;
  const L = (k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][lang];
  const e = report.elevator;
  pdf.line(`${L('elevator')}: ${e.name}${e.no ? `  (${L('no')} ${e.no})` : ''}`);
  if (e.useUnit) pdf.line(`${L('useUnit')}: ${e.useUnit}`);
  pdf.line(`${L('period')}: ${enumLabel(statisticsPeriod, report.period, lang)}  ${report.from} – ${report.to}`);
  pdf.heading(L('figures'));
  pdf.keyValues(
    STATISTICS_COLUMNS.slice(1).map((key) => {
      const v = report.figures[key as keyof typeof report.figures];
      return [STATISTICS_LABELS[key][lang], v === null || v === undefined ? '–' : String(v)];
    }),
  );
  pdf.heading(L('months'));
  pdf.chart(
    report.months,
    CHART_SERIES.map((key) => ({ key, label: STATISTICS_LABELS[key][lang] })),
  );
  pdf.heading(L('supervision'));
  pdf.line(
    `${L('records')}: ${report.supervision.records}    ${L('abnormal')}: ${report.supervision.abnormal}    ${L('toHandle')}: ${report.supervision.toHandle}`,
  );
}
