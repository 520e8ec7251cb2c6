import {
  REPORT_CHART_TYPES,
  REPORT_LABELS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  alarmType,
  enumLabel,
  formatDateTime,
  statisticsPeriod,
  type ElevatorReport,
  type ElevatorsReport,
  type FaultReport,
  type Language,
  type MonitorReport,
  type ReportChartType,
  type StatisticsRow,
} from '@liftcloud/client';
import { notFound } from '../http/errors.js';
import type { Repositories } from '../store/repositories.js';
import type { LooseKysely } from '../store/repository.js';
import type { Caller } from './caller.js';
import { ReportPdf, type TableColumn } from './report-pdf.js';
import { elevatorSections } from './reports.js';
import { periodSpan, statistics } from './statistics.js';

/** How many faults a fault report lists, and how many recent events a monitor report shows. */
export const FAULTS_LISTED = 500;
export const RECENT_EVENTS = 10;

const idsOf = (ids: string) => [...new Set(ids.split(',').map(Number))];

/**
 * Every elevator named must be one the caller sees (404 otherwise, the same answer as for one elevator), so a
 * report never counts a lift by id the caller could not open.
 */
async function visibleIds(repos: Repositories, caller: Caller, db: LooseKysely, ids: string): Promise<number[]> {
  const list = idsOf(ids);
  const seen = await repos.elevator.scoped(db, caller).where('t.id', 'in', list).select('t.id').execute();
  if (seen.length !== list.length) throw notFound();
  return list;
}

async function supervisionCounts(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  ids: number[],
  from: string,
  to: string,
): Promise<ElevatorReport['supervision']> {
  const sup = await repos.supervisionRecord
    .scoped(db, caller)
    .where('t.elevatorId', 'in', ids)
    .where('t.controlDate', '>=', from)
    .where('t.controlDate', '<=', to)
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>(eb.case().when('t.abnormal', '=', 1).then(1).else(0).end()).as('abnormal'),
      eb.fn.sum<number>(eb.case().when('t.state', '=', 0).then(1).else(0).end()).as('toHandle'),
    ])
    .executeTakeFirst();
  return { records: Number(sup?.n ?? 0), abnormal: Number(sup?.abnormal ?? 0), toHandle: Number(sup?.toHandle ?? 0) };
}

/** /multiElevatorReport: one statistics row per elevator named, in the order of the statistics table. */
export async function elevatorsReport(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: { ids: string; period: number; name?: string },
  tz: string,
  now = Date.now(),
): Promise<ElevatorsReport> {
  const ids = await visibleIds(repos, caller, db, q.ids);
  const stats = await statistics(
    db,
    repos,
    caller,
    { period: q.period, groupBy: 'elevator', elevatorIds: ids.join(',') },
    tz,
    now,
  );
  return {
    name: q.name?.trim() ?? '',
    period: q.period,
    from: stats.from,
    to: stats.to,
    rows: stats.rows,
    totals: stats.totals,
    months: stats.months,
    supervision: await supervisionCounts(db, repos, caller, ids, stats.from, stats.to),
  };
}

/** The latest faults and alarms of one lift in the period, newest first. */
export async function recentEvents(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  id: number,
  period: number,
  tz: string,
  now = Date.now(),
): Promise<MonitorReport['recent']> {
  const span = periodSpan(period, now, tz);
  const [faults, alarms] = await Promise.all([
    repos.faultRecord
      .scoped(db, caller)
      .where('t.elevatorId', '=', id)
      .where('t.faultTime', '>=', span.start)
      .where('t.faultTime', '<', span.end)
      .select(['t.faultTime as time', 't.faultNo as code', 't.faultStorey as floor'])
      .orderBy('t.faultTime', 'desc')
      .limit(RECENT_EVENTS)
      .execute(),
    repos.alarmRecord
      .scoped(db, caller)
      .where('t.elevatorId', '=', id)
      .where('t.alarmTime', '>=', span.start)
      .where('t.alarmTime', '<', span.end)
      .select(['t.alarmTime as time', 't.type as code', 't.floor as floor'])
      .orderBy('t.alarmTime', 'desc')
      .limit(RECENT_EVENTS)
      .execute(),
  ]);
  return [
    ...faults.map((f) => ({ kind: 'fault' as const, at: Number(f.time), code: String(f.code), floor: f.floor })),
    ...alarms.map((a) => ({ kind: 'alarm' as const, at: Number(a.time), code: String(a.code), floor: a.floor })),
  ]
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_EVENTS)
    .map((e) => ({
      kind: e.kind,
      time: formatDateTime(e.at, tz),
      code: e.code,
      floor: e.floor == null ? null : Number(e.floor),
    }));
}

/** /genGzReport: the faults of the elevators named, counted per lift (the statistics rows) and listed, newest first. */
export async function faultReport(
  db: LooseKysely,
  repos: Repositories,
  caller: Caller,
  q: { ids: string; period: number; name?: string },
  tz: string,
  now = Date.now(),
): Promise<Omit<FaultReport, 'linkExpireTime'>> {
  const ids = idsOf(q.ids);
  const stats = await statistics(
    db,
    repos,
    caller,
    { period: q.period, groupBy: 'elevator', elevatorIds: ids.join(',') },
    tz,
    now,
  );
  const span = periodSpan(q.period, now, tz);
  const faults = await repos.faultRecord
    .scoped(db, caller)
    .innerJoin('elevators as e', 'e.id', 't.elevatorId')
    .where('t.elevatorId', 'in', ids)
    .where('t.faultTime', '>=', span.start)
    .where('t.faultTime', '<', span.end)
    .select(['e.name as elevatorName', 't.faultTime', 't.faultNo', 't.faultStorey'])
    .orderBy('t.faultTime', 'desc')
    .orderBy('t.id', 'desc')
    .limit(FAULTS_LISTED)
    .execute();
  return {
    name: q.name?.trim() ?? '',
    period: q.period,
    from: stats.from,
    to: stats.to,
    rows: stats.rows,
    faults: faults.map((f) => ({
      elevatorName: String(f.elevatorName),
      time: formatDateTime(Number(f.faultTime), tz),
      faultNo: String(f.faultNo),
      floor: f.faultStorey == null ? null : Number(f.faultStorey),
    })),
    notListed: Math.max(0, stats.totals.faults - faults.length),
  };
}

const cell = (v: unknown) => (v === null || v === undefined ? '–' : String(v));
const L = (lang: Language, k: keyof typeof REPORT_LABELS) => REPORT_LABELS[k][lang];
const periodLine = (lang: Language, r: { period: number; from: string; to: string }) =>
  `${L(lang, 'period')}: ${enumLabel(statisticsPeriod, r.period, lang)}  ${r.from} – ${r.to}`;

/** The statistics table, one row per elevator and a totals row: the columns the console's table has. */
function statisticsTable(pdf: ReportPdf, rows: StatisticsRow[], totals?: Omit<StatisticsRow, 'id' | 'name'>): void {
  const lang = pdf.lang;
  const columns: TableColumn[] = STATISTICS_COLUMNS.map((c, i) => ({
    label: STATISTICS_LABELS[c][lang],
    width: i === 0 ? 95 : 40,
    align: i === 0 ? 'left' : 'right',
  }));
  const body = rows.map((r) => STATISTICS_COLUMNS.map((c) => cell(r[c])));
  if (totals)
    body.push([
      STATISTICS_LABELS.total[lang],
      ...STATISTICS_COLUMNS.slice(1).map((c) => cell(totals[c as keyof typeof totals])),
    ]);
  pdf.table(columns, body);
}

const allSeries = (lang: Language) => REPORT_CHART_TYPES.map((key) => ({ key, label: STATISTICS_LABELS[key][lang] }));

export async function elevatorsReportPdf(report: ElevatorsReport, lang: Language, tz: string): Promise<Buffer> {
  const pdf = await ReportPdf.open(report.name || L(lang, 'multiTitle'), lang);
  if (report.name) pdf.line(L(lang, 'multiTitle'));
  pdf.line(periodLine(lang, report));
  pdf.line(`${L(lang, 'elevators')}: ${report.rows.length}`);
  pdf.heading(L(lang, 'byElevator'));
  statisticsTable(pdf, report.rows, report.totals);
  pdf.heading(L(lang, 'months'));
  pdf.chart(report.months, allSeries(lang));
  pdf.heading(L(lang, 'supervision'));
  const s = report.supervision;
  pdf.line(
    `${L(lang, 'records')}: ${s.records}    ${L(lang, 'abnormal')}: ${s.abnormal}    ${L(lang, 'toHandle')}: ${s.toHandle}`,
  );
  return pdf.finish(tz);
}

/** /echartReport/{id}/{type}: one series by month, drawn large, with the numbers under it. */
export async function elevatorChartPdf(
  report: ElevatorReport,
  type: ReportChartType,
  lang: Language,
  tz: string,
): Promise<Buffer> {
  const series = STATISTICS_LABELS[type][lang];
  const pdf = await ReportPdf.open(`${L(lang, 'chartTitle')} · ${series}`, lang);
  pdf.line(`${L(lang, 'elevator')}: ${report.elevator.name}${report.elevator.no ? `  (${report.elevator.no})` : ''}`);
  pdf.line(periodLine(lang, report));
  pdf.heading(series);
  pdf.chart(report.months, [{ key: type, label: series }], 260);
  pdf.table(
    [
      { label: L(lang, 'months'), width: 300 },
      { label: series, width: 195, align: 'right' },
    ],
    report.months.map((m) => [m.month, String(m[type])]),
  );
  return pdf.finish(tz);
}

const eventLabel = (lang: Language, e: MonitorReport['recent'][number]) =>
  e.kind === 'fault'
    ? `${L(lang, 'fault')} ${e.code}`
    : `${L(lang, 'alarm')} ${enumLabel(alarmType, Number(e.code), lang)}`;

export async function monitorReportPdf(report: MonitorReport, lang: Language, tz: string): Promise<Buffer> {
  const pdf = await ReportPdf.open(L(lang, 'monitorTitle'), lang);
  elevatorSections(pdf, report.report);
  pdf.heading(L(lang, 'recent'));
  if (report.recent.length === 0) pdf.line(L(lang, 'none'));
  else
    pdf.table(
      [
        { label: L(lang, 'time'), width: 160 },
        { label: L(lang, 'event'), width: 255 },
        { label: L(lang, 'floor'), width: 80, align: 'right' },
      ],
      report.recent.map((e) => [e.time, eventLabel(lang, e), cell(e.floor)]),
    );
  return pdf.finish(tz, `${L(lang, 'linkValid')}: ${report.linkExpireTime}`);
}

export async function faultReportPdf(report: FaultReport, lang: Language, tz: string): Promise<Buffer> {
  const pdf = await ReportPdf.open(report.name || L(lang, 'faultTitle'), lang);
  if (report.name) pdf.line(L(lang, 'faultTitle'));
  pdf.line(periodLine(lang, report));
  pdf.heading(L(lang, 'byElevator'));
  pdf.table(
    [
      { label: STATISTICS_LABELS.name[lang], width: 255 },
      { label: STATISTICS_LABELS.faults[lang], width: 80, align: 'right' },
      { label: STATISTICS_LABELS.alarms[lang], width: 80, align: 'right' },
      { label: STATISTICS_LABELS.trapped[lang], width: 80, align: 'right' },
    ],
    report.rows.map((r) => [r.name, String(r.faults), String(r.alarms), String(r.trapped)]),
  );
  pdf.heading(L(lang, 'faultList'));
  if (report.faults.length === 0) pdf.line(L(lang, 'none'));
  else
    pdf.table(
      [
        { label: L(lang, 'time'), width: 150 },
        { label: L(lang, 'elevator'), width: 185 },
        { label: L(lang, 'faultCode'), width: 90 },
        { label: L(lang, 'floor'), width: 70, align: 'right' },
      ],
      report.faults.map((f) => [f.time, f.elevatorName, f.faultNo, cell(f.floor)]),
    );
  if (report.notListed > 0) pdf.line(L(lang, 'more').replace('{n}', String(report.notListed)));
  return pdf.finish(tz, `${L(lang, 'linkValid')}: ${report.linkExpireTime}`);
}
