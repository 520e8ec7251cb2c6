import {
  HEALTH_LEVEL_NAMES,
  describeHealthReason,
  healthLevel,
  listHealth,
  type ElevatorHealth,
  type HealthLevelName,
  type HealthReason,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { writeRecords } from '../output/records.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';

const levelLabel = (level: number) =>
  healthLevel.options.find((o) => o.code === level)?.label[currentLanguage()] ?? String(level);
const reasonsText = (reasons: ElevatorHealth['reasons']) =>
  reasons.map((r) => describeHealthReason(r as HealthReason, currentLanguage())).join('; ');

const columns = (): Column<ElevatorHealth>[] => [
  { key: 'elevatorId', header: 'ID', value: (r) => r.elevatorId },
  { key: 'elevatorName', header: t('health.col.elevator'), value: (r) => r.elevatorName },
  { key: 'score', header: t('health.col.score'), value: (r) => r.score },
  { key: 'level', header: t('health.col.level'), value: (r) => r.level, display: (r) => levelLabel(r.level) },
  // scripts get the reasons as the server sends them (json), or as text in csv
  { key: 'reasons', header: t('health.col.reasons'), value: (r) => r.reasons, display: (r) => reasonsText(r.reasons) },
];

/**
 * `health [--below low|middle|high] [--elevator ID...]`: the health index of the elevators in scope, lowest first
 * (docs/health-index.md). Made for cron: with --below, exit code 6 (EXIT.found) when any elevator is below the
 * level, 0 when none is; the list goes to stdout in the chosen format (-o json|csv|table).
 */
async function health(cmd: Command, opts: { below?: string; elevator?: string[] }) {
  if (opts.below !== undefined && !HEALTH_LEVEL_NAMES.includes(opts.below as HealthLevelName))
    throw new CliError(t('health.badLevel', { value: opts.below }), EXIT.usage);
  const ids = opts.elevator?.flatMap((v) => v.split(',')).map(parseId);
  const ctx = await contextFor(cmd);
  const rows = await ctx.call((client) =>
    client.call(listHealth, {
      query: {
        ...(ids?.length ? { elevatorIds: ids.join(',') } : {}),
        ...(opts.below ? { below: opts.below as HealthLevelName } : {}),
      },
    }),
  );
  const cols = columns();
  const output = ctx.recordOutput(cols, cols);
  // csv: the reasons as readable text, not JSON in a cell
  if (output.format === 'csv')
    output.columns = output.wideColumns = cols.map((c) => (c.key === 'reasons' ? { ...c, value: c.display! } : c));
  await writeRecords(output, rows);
  if (opts.below !== undefined && rows.length > 0) process.exitCode = EXIT.found;
}

export function register(program: Command): void {
  program
    .command('health')
    .description(t('cmd.health'))
    .option('--below <level>', t('opt.healthBelow'))
    .option('--elevator <id...>', t('opt.healthElevator'))
    .action((opts: { below?: string; elevator?: string[] }, cmd: Command) => health(cmd, opts));
}
