import {
  ELECTRICITY_LABELS,
  enumLabel,
  statisticsPeriod,
  type ElectricityMeterReport,
  type ElectricityMetersReport,
  type ElectricityMetersReportQuery,
  type ElectricityRow,
  type Language,
} from '@liftcloud/client';
import { ReportPdf } from './report-pdf.js';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { electricity } from './electricity.js';

/**
 * /singleElectricityMeterReport/{id}/{meterGatewayCode}/{useUnit}: one lift's meter gateway over a period, day by
 * day. The lift must be visible to the caller (404 otherwise); a meter that reported nothing for it in the period
 * is a report of zeros (the page says so), not an error.
 */
export async function electricityMeterReport(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  id: number,
  gwSn: string,
  q: { period: number; useUnit?: string },
  tz: string,
  now = Date.now(),
): Promise<ElectricityMeterReport> {
  const lift = await repos.elevator.get(caller, id, tz);
  const stats = await electricity(
    db,
    repos,
    caller,
    { period: q.period, elevatorIds: String(id), gwSns: gwSn },
    tz,
    now,
  );
  const row: ElectricityRow = stats.rows[0] ?? {
    elevatorId: id,
    elevatorName: lift.name,
    elevatorNo: lift.no ?? null,
    useUnit: lift.useUnitName ?? null,
    gwSn,
    meterName: null,
    total: 0,
    days: stats.days.map(() => 0),
    dailyMean: 0,
    lastKwh: null,
    lastReadTime: null,
    readings: 0,
    resets: 0,
  };
  return {
    period: q.period,
    from: stats.from,
    to: stats.to,
    useUnit: row.useUnit ?? (q.useUnit?.trim() || null),
    days: stats.days,
    row,
  };
}

/** /multiElectricityMeterReport/{gwSnSet}/{reportName}: the meters named that the caller's lifts reported through. */
export async function electricityMetersReport(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: ElectricityMetersReportQuery,
  tz: string,
  now = Date.now(),
): Promise<ElectricityMetersReport> {
  const stats = await electricity(db, repos, caller, { period: q.period, gwSns: q.gwSns }, tz, now);
  return { ...stats, name: q.name?.trim() ?? '' };
}

const fmt = (v: number) => v.toFixed(1);

/** The single meter report as a PDF: the lift and meter, its figures, the days as a chart and as a table. */
export async function electricityMeterReportPdf(
  report: ElectricityMeterReport,
  lang: Language,
  tz: string,
): Promise<Buffer> {
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][lang];
  const r = report.row;
  const pdf = await ReportPdf.open(L('title'), lang);
  pdf.line(`${L('elevator')}: ${r.elevatorName}${r.elevatorNo ? `  (${L('no')} ${r.elevatorNo})` : ''}`);
  if (report.useUnit) pdf.line(`${L('useUnit')}: ${report.useUnit}`);
  pdf.line(`${L('gwSn')}: ${r.gwSn}${r.meterName ? `  ${r.meterName}` : ''}`);
  pdf.line(`${L('period')}: ${enumLabel(statisticsPeriod, report.period, lang)}  ${report.from} – ${report.to}`);
  pdf.heading(L('consumption'));
  pdf.keyValues(figures(r, lang));
  pdf.heading(L('byDay'));
  pdf.series(
    report.days.map((d, i) => ({ label: d.slice(5), value: r.days[i]! })),
    L('kwh'),
  );
  pdf.table(
    [
      { label: L('day'), width: 247 },
      { label: L('kwh'), width: 248, align: 'right' },
    ],
    report.days.map((d, i) => [d, fmt(r.days[i]!)]),
  );
  return pdf.finish(tz);
}

/** Several meters as a PDF: a row per meter with its total, the totals per day as a chart and a table. */
export async function electricityMetersReportPdf(
  report: ElectricityMetersReport,
  lang: Language,
  tz: string,
): Promise<Buffer> {
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][lang];
  const pdf = await ReportPdf.open(report.name || L('multiTitle'), lang);
  pdf.line(`${L('period')}: ${enumLabel(statisticsPeriod, report.period, lang)}  ${report.from} – ${report.to}`);
  pdf.heading(L('byMeter'));
  if (!report.rows.length) pdf.line(L('noData'));
  else
    pdf.table(
      [
        { label: L('elevator'), width: 130 },
        { label: L('useUnit'), width: 110 },
        { label: L('gwSn'), width: 95 },
        { label: L('total'), width: 80, align: 'right' },
        { label: L('dailyMean'), width: 80, align: 'right' },
      ],
      [
        ...report.rows.map((r) => [r.elevatorName, r.useUnit ?? '', r.gwSn, fmt(r.total), fmt(r.dailyMean)]),
        [L('totals'), '', '', fmt(report.totals.total), fmt(report.totals.dailyMean)],
      ],
    );
  pdf.heading(L('byDay'));
  pdf.series(
    report.days.map((d, i) => ({ label: d.slice(5), value: report.totals.days[i]! })),
    L('kwh'),
  );
  pdf.table(
    [
      { label: L('day'), width: 247 },
      { label: L('kwh'), width: 248, align: 'right' },
    ],
    report.days.map((d, i) => [d, fmt(report.totals.days[i]!)]),
  );
  return pdf.finish(tz);
}

/** The figures of one meter row, labelled: total, daily mean, latest reading, readings, resets. */
export function figures(r: ElectricityRow, lang: Language): [string, string][] {
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][lang];
  return [
    [L('total'), fmt(r.total)],
    [L('dailyMean'), fmt(r.dailyMean)],
    [L('lastKwh'), r.lastKwh === null ? '–' : fmt(r.lastKwh)],
    [L('lastReadTime'), r.lastReadTime ?? '–'],
    [L('readings'), String(r.readings)],
    [L('resets'), String(r.resets)],
  ];
}
