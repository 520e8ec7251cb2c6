import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CALL_STATISTICS_LABELS,
  STATISTICS_COLUMNS,
  STATISTICS_LABELS,
  REPORT_MAX_ELEVATORS,
  downloadElevatorReportPdf,
  downloadElevatorsReportPdf,
  getElevatorReport,
  getElevatorsReport,
  getCallStatistics,
  getStatistics,
  type CallStatisticsRow,
  type ElevatorReport,
  type StatisticsRow,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError, exitCodeOf } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { csvLine } from '../output/csv.js';
import { say } from '../output/messages.js';
import { progressLine } from '../output/progress.js';
import { writeRecords } from '../output/records.js';
import { parseId } from './entity/ids.js';
import { liftCallStats } from './lift-call-stats.js';
import { contextFor } from './options.js';
import { registerElectricityReports } from './report-electricity.js';

/** --period as the spec names the statistics periods (domain.md §9). */
const PERIODS = { month: 1, 'six-months': 2, year: 3 } as const;

const periodOf = (value: string | undefined): number => {
  const p = PERIODS[(value ?? 'month') as keyof typeof PERIODS];
  if (!p) throw new CliError(t('report.badPeriod', { value: value ?? '' }), EXIT.usage);
  return p;
};

/** How one report is written: a PDF file, JSON or CSV (to a file, or stdout when one elevator and no file). */
type Target = { kind: 'pdf' | 'json' | 'csv'; path: string | null };

function targetOf(output: string | undefined, all: boolean): Target {
  if (!output) throw new CliError(t('report.outputRequired'), EXIT.usage);
  if (output === 'json' || output === 'csv') return { kind: output, path: null };
  if (all) return { kind: 'pdf', path: output }; // a folder: one file per elevator
  if (!output.toLowerCase().endsWith('.pdf')) throw new CliError(t('report.badOutput', { value: output }), EXIT.usage);
  return { kind: 'pdf', path: output };
}

const CSV_KEYS = STATISTICS_COLUMNS.slice(1) as Exclude<(typeof STATISTICS_COLUMNS)[number], 'name'>[];
const csvHeader = (): string => {
  const lang = currentLanguage();
  return csvLine([
    'elevatorId',
    STATISTICS_LABELS.name[lang],
    'from',
    'to',
    ...CSV_KEYS.map((k) => STATISTICS_LABELS[k][lang]),
  ]);
};
const csvRow = (r: ElevatorReport): string =>
  csvLine([r.elevator.id, r.elevator.name, r.from, r.to, ...CSV_KEYS.map((k) => r.figures[k] ?? '')]);

/**
 * `report elevator --elevator ID... | --all --period month|six-months|year -o FILE.pdf|json|csv`: made for cron.
 * No prompts; --all writes one file per elevator into the folder -o names; progress on stderr only on a
 * terminal; the exit code is 0 when every report was written, 4 when some failed (each named on stderr), or the
 * failure's own code when all did.
 */
async function elevatorReports(
  cmd: Command,
  opts: { elevator?: string[]; all?: boolean; period?: string; output?: string },
) {
  const period = periodOf(opts.period);
  const all = opts.all === true;
  if (!all && !opts.elevator?.length) throw new CliError(t('report.elevatorRequired'), EXIT.usage);
  const target = targetOf(opts.output, all);
  const ctx = await contextFor(cmd);
  const ids = all
    ? await ctx.call(
        async (client) => {
          const out: number[] = [];
          for await (const row of client.entities.elevator.all({})) out.push(row.id);
          return out;
        },
        { spinner: false },
      )
    : opts.elevator!.flatMap((v) => v.split(',')).map(parseId);
  if (all && target.path) await mkdir(target.path, { recursive: true });
  const progress = progressLine();
  const failed: { id: number; error: unknown }[] = [];
  const jsonOut: ElevatorReport[] = [];
  for (const [i, id] of ids.entries()) {
    progress.update(t('report.progress', { done: i, total: ids.length, id }));
    try {
      if (target.kind === 'pdf') {
        const file = await ctx.call(
          (client) => client.call(downloadElevatorReportPdf, { params: { id }, query: { period } }),
          { spinner: false },
        );
        const bytes = Buffer.from(await file.blob.arrayBuffer());
        const path = all
          ? join(target.path!, `elevator-${id}.pdf`)
          : ids.length > 1
            ? target.path!.replace(/\.pdf$/i, `-${id}.pdf`)
            : target.path!;
        await writeFile(path, bytes);
      } else {
        const report = await ctx.call(
          (client) => client.call(getElevatorReport, { params: { id }, query: { period } }),
          {
            spinner: false,
          },
        );
        if (target.kind === 'json') jsonOut.push(report);
        else process.stdout.write((i === 0 ? csvHeader() : '') + csvRow(report));
      }
    } catch (error) {
      failed.push({ id, error });
      process.stderr.write(
        `${t('report.failed', { id })}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
  progress.done();
  if (target.kind === 'json')
    process.stdout.write(`${JSON.stringify(jsonOut.length === 1 && !all ? jsonOut[0] : jsonOut, null, 2)}\n`);
  if (failed.length === 0) {
    if (target.kind === 'pdf') say.info(t('report.written', { count: ids.length }));
    return;
  }
  if (failed.length === ids.length) {
    const code = exitCodeOf(failed[0]!.error);
    throw new CliError(t('report.allFailed', { count: failed.length }), code === EXIT.ok ? EXIT.error : code);
  }
  throw new CliError(t('report.someFailed', { failed: failed.length, total: ids.length }), EXIT.partial);
}

/**
 * `report elevators --elevator ID... | --all --period … -o FILE.pdf|json|csv [--name TEXT]`: one report of
 * several elevators (/multiElevatorReport): a row each, the totals, the months. One file, so one exit code:
 * 0 written, the failure's own code otherwise (an elevator out of scope: not found).
 */
async function elevatorsReport(
  cmd: Command,
  opts: { elevator?: string[]; all?: boolean; period?: string; output?: string; name?: string },
) {
  const period = periodOf(opts.period);
  if (!opts.all && !opts.elevator?.length) throw new CliError(t('report.elevatorRequired'), EXIT.usage);
  const target = targetOf(opts.output, false);
  const ctx = await contextFor(cmd);
  const ids = opts.all
    ? await ctx.call(
        async (client) => {
          const out: number[] = [];
          for await (const row of client.entities.elevator.all({})) out.push(row.id);
          return out;
        },
        { spinner: false },
      )
    : opts.elevator!.flatMap((v) => v.split(',')).map(parseId);
  if (ids.length === 0) throw new CliError(t('report.elevatorRequired'), EXIT.usage);
  if (ids.length > REPORT_MAX_ELEVATORS)
    throw new CliError(t('report.tooMany', { count: ids.length, max: REPORT_MAX_ELEVATORS }), EXIT.usage);
  const query = { ids: ids.join(','), period, ...(opts.name ? { name: opts.name } : {}) };
  if (target.kind === 'pdf') {
    const file = await ctx.call((client) => client.call(downloadElevatorsReportPdf, { query }), { spinner: false });
    await writeFile(target.path!, Buffer.from(await file.blob.arrayBuffer()));
    say.info(t('report.written', { count: 1 }));
    return;
  }
  const report = await ctx.call((client) => client.call(getElevatorsReport, { query }), { spinner: false });
  if (target.kind === 'json') {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const lang = currentLanguage();
  process.stdout.write(
    csvLine(['elevatorId', 'from', 'to', ...STATISTICS_COLUMNS.map((k) => STATISTICS_LABELS[k][lang])]) +
      report.rows
        .map((r) => csvLine([r.id, report.from, report.to, ...STATISTICS_COLUMNS.map((k) => r[k] ?? '')]))
        .join('') +
      csvLine([
        '',
        report.from,
        report.to,
        STATISTICS_LABELS.total[lang],
        ...CSV_KEYS.map((k) => report.totals[k] ?? ''),
      ]),
  );
}

const statColumns = (): Column<StatisticsRow>[] =>
  STATISTICS_COLUMNS.map((k) => ({
    key: k,
    header: STATISTICS_LABELS[k][currentLanguage()],
    value: (r: StatisticsRow) => r[k] ?? '',
  }));

const callColumns = (): Column<CallStatisticsRow>[] => [
  { key: 'name', header: STATISTICS_LABELS.name[currentLanguage()], value: (r: CallStatisticsRow) => r.name },
  ...(['calls', 'answered', 'unanswered', 'totalSeconds', 'meanSeconds'] as const).map((k) => ({
    key: k,
    header: CALL_STATISTICS_LABELS[k][currentLanguage()],
    value: (r: CallStatisticsRow) => r[k] ?? '',
  })),
];

/**
 * `stats --period … --by company|use-unit|elevator`: the statistics table (or JSON with -o json); with --calls,
 * the call statistics instead (calls, answered, unanswered, seconds); with --lift-calls, the call-elevator
 * statistics (username, mobile, floors, operation type, calls).
 */
async function stats(cmd: Command, opts: { period?: string; by?: string; calls?: boolean; liftCalls?: boolean }) {
  const groupBy = opts.by === 'use-unit' ? 'useUnit' : (opts.by ?? 'elevator');
  if (!['company', 'useUnit', 'elevator'].includes(groupBy))
    throw new CliError(t('report.badGroup', { value: opts.by ?? '' }), EXIT.usage);
  const period = periodOf(opts.period);
  if (opts.calls && opts.liftCalls) throw new CliError(t('report.oneStatsKind'), EXIT.usage);
  if (opts.liftCalls) return liftCallStats(cmd, { period, groupBy: groupBy as 'elevator' });
  const ctx = await contextFor(cmd);
  if (opts.calls) {
    const data = await ctx.call((client) =>
      client.call(getCallStatistics, { query: { period, groupBy: groupBy as 'elevator' } }),
    );
    await writeRecords(ctx.recordOutput(callColumns(), callColumns()), data.rows);
    return;
  }
  const data = await ctx.call((client) =>
    client.call(getStatistics, { query: { period, groupBy: groupBy as 'elevator' } }),
  );
  await writeRecords(ctx.recordOutput(statColumns(), statColumns()), data.rows);
}

export function register(program: Command): void {
  const report = program.command('report').description(t('cmd.report'));
  report
    .command('elevator')
    .description(t('cmd.report.elevator'))
    .option('--elevator <id...>', t('opt.reportElevator'))
    .option('--all', t('opt.reportAll'))
    .option('--period <period>', t('opt.reportPeriod'), 'month')
    .option('-o, --output <target>', t('opt.reportOutput'))
    .action((opts: { elevator?: string[]; all?: boolean; period?: string; output?: string }, cmd: Command) =>
      elevatorReports(cmd, opts),
    );
  report
    .command('elevators')
    .description(t('cmd.report.elevators'))
    .option('--elevator <id...>', t('opt.reportElevator'))
    .option('--all', t('opt.reportAll'))
    .option('--period <period>', t('opt.reportPeriod'), 'month')
    .option('--name <text>', t('opt.reportName'))
    .option('-o, --output <target>', t('opt.reportOutput'))
    .action(
      (opts: { elevator?: string[]; all?: boolean; period?: string; output?: string; name?: string }, cmd: Command) =>
        elevatorsReport(cmd, opts),
    );
  registerElectricityReports(report, periodOf);
}

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description(t('cmd.stats'))
    .option('--period <period>', t('opt.reportPeriod'), 'month')
    .option('--by <group>', t('opt.statsBy'), 'elevator')
    .option('--calls', t('opt.statsCalls'))
    .option('--lift-calls', t('opt.statsLiftCalls'))
    .action((opts: { period?: string; by?: string; calls?: boolean; liftCalls?: boolean }, cmd: Command) =>
      stats(cmd, opts),
    );
}
