import { writeFile } from 'node:fs/promises';
import {
  ELECTRICITY_LABELS,
  ELECTRICITY_MAX_METERS,
  downloadElectricityMeterReportPdf,
  downloadElectricityMetersReportPdf,
  getElectricityMeterReport,
  getElectricityMetersReport,
  type ElectricityRow,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import { csvLine } from '../output/csv.js';
import { say } from '../output/messages.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';

type Target = { kind: 'pdf' | 'json' | 'csv'; path: string | null };
const targetOf = (output: string | undefined): Target => {
  if (!output) throw new CliError(t('report.outputRequired'), EXIT.usage);
  if (output === 'json' || output === 'csv') return { kind: output, path: null };
  if (!output.toLowerCase().endsWith('.pdf')) throw new CliError(t('report.badOutput', { value: output }), EXIT.usage);
  return { kind: 'pdf', path: output };
};

/** CSV: one line per meter and day (what the console's export holds), the days of the period in order. */
const csvOf = (days: string[], rows: ElectricityRow[]): string => {
  const L = (k: keyof typeof ELECTRICITY_LABELS) => ELECTRICITY_LABELS[k][currentLanguage()];
  return (
    csvLine(['elevatorId', L('elevator'), L('useUnit'), L('gwSn'), L('day'), L('kwh')]) +
    rows
      .flatMap((r) =>
        days.map((d, i) => csvLine([r.elevatorId, r.elevatorName, r.useUnit ?? '', r.gwSn, d, r.days[i]!])),
      )
      .join('')
  );
};

/**
 * `report electricity-meter --elevator ID --meter CODE [--use-unit NAME] --period … -o FILE.pdf|json|csv`:
 * /singleElectricityMeterReport's content. One file, one exit code (an elevator out of scope: not found).
 */
async function meterReport(
  cmd: Command,
  opts: { elevator?: string[]; meter?: string; useUnit?: string; period: number; output?: string },
) {
  const ids = (opts.elevator ?? []).flatMap((v) => v.split(',')).map(parseId);
  if (ids.length !== 1) throw new CliError(t('report.oneElevator'), EXIT.usage);
  if (!opts.meter) throw new CliError(t('report.meterRequired'), EXIT.usage);
  const target = targetOf(opts.output);
  const ctx = await contextFor(cmd);
  const params = { id: ids[0]!, meterGatewayCode: opts.meter };
  const query = { period: opts.period, ...(opts.useUnit ? { useUnit: opts.useUnit } : {}) };
  if (target.kind === 'pdf') {
    const file = await ctx.call((c) => c.call(downloadElectricityMeterReportPdf, { params, query }), {
      spinner: false,
    });
    await writeFile(target.path!, Buffer.from(await file.blob.arrayBuffer()));
    say.info(t('report.written', { count: 1 }));
    return;
  }
  const report = await ctx.call((c) => c.call(getElectricityMeterReport, { params, query }), { spinner: false });
  process.stdout.write(
    target.kind === 'json' ? `${JSON.stringify(report, null, 2)}\n` : csvOf(report.days, [report.row]),
  );
}

/** `report electricity-meters --meter CODE... --period … [--name TEXT] -o FILE.pdf|json|csv`: several meters. */
async function metersReport(cmd: Command, opts: { meter?: string[]; name?: string; period: number; output?: string }) {
  const codes = [...new Set((opts.meter ?? []).flatMap((v) => v.split(',')).filter(Boolean))];
  if (!codes.length) throw new CliError(t('report.meterRequired'), EXIT.usage);
  if (codes.length > ELECTRICITY_MAX_METERS)
    throw new CliError(t('report.tooMany', { count: codes.length, max: ELECTRICITY_MAX_METERS }), EXIT.usage);
  const target = targetOf(opts.output);
  const ctx = await contextFor(cmd);
  const query = { period: opts.period, gwSns: codes.join(','), ...(opts.name ? { name: opts.name } : {}) };
  if (target.kind === 'pdf') {
    const file = await ctx.call((c) => c.call(downloadElectricityMetersReportPdf, { query }), { spinner: false });
    await writeFile(target.path!, Buffer.from(await file.blob.arrayBuffer()));
    say.info(t('report.written', { count: 1 }));
    return;
  }
  const report = await ctx.call((c) => c.call(getElectricityMetersReport, { query }), { spinner: false });
  process.stdout.write(
    target.kind === 'json' ? `${JSON.stringify(report, null, 2)}\n` : csvOf(report.days, report.rows),
  );
}

/** The two electricity meter kinds of `liftctl report` (docs/decisions.md "Electricity meters"). */
export function registerElectricityReports(report: Command, periodOf: (value: string | undefined) => number): void {
  report
    .command('electricity-meter')
    .description(t('cmd.report.electricityMeter'))
    .option('--elevator <id...>', t('opt.reportElevator'))
    .option('--meter <code>', t('opt.reportMeter'))
    .option('--use-unit <name>', t('opt.reportUseUnit'))
    .option('--period <period>', t('opt.reportPeriod'), 'month')
    .option('-o, --output <target>', t('opt.reportOutput'))
    .action(
      (
        opts: { elevator?: string[]; meter?: string; useUnit?: string; period?: string; output?: string },
        cmd: Command,
      ) => meterReport(cmd, { ...opts, period: periodOf(opts.period) }),
    );
  report
    .command('electricity-meters')
    .description(t('cmd.report.electricityMeters'))
    .option('--meter <code...>', t('opt.reportMeter'))
    .option('--name <text>', t('opt.reportName'))
    .option('--period <period>', t('opt.reportPeriod'), 'month')
    .option('-o, --output <target>', t('opt.reportOutput'))
    .action((opts: { meter?: string[]; name?: string; period?: string; output?: string }, cmd: Command) =>
      metersReport(cmd, { ...opts, period: periodOf(opts.period) }),
    );
}
