import {
  calendarDate,
  confirmOldMaintenanceOrder,
  enumLabel,
  invalidateOldMaintenanceOrder,
  oldMaintenanceOrderStatus,
  generateMaintenanceOrders,
  invalidateMaintenanceOrder,
  MAINTENANCE_TIMING,
  sendMaintenanceOrder,
  type GeneratedOrders,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { say } from '../output/messages.js';
import { writeRecords } from '../output/records.js';
import { writeTo } from '../output/stream.js';
import { tableColumns, wideColumns } from './entity/columns.js';
import { entityDef, type Row } from './entity/definition.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';

type Generated = GeneratedOrders['orders'][number];
const GENERATED_COLUMNS: Column<Generated>[] = [
  // a plan and an elevator by name for people (#id beside it); by id for scripts
  { key: 'planId', header: t('maint.col.plan'), value: (r) => r.planId, display: (r) => `${r.planName} #${r.planId}` },
  {
    key: 'elevatorId',
    header: t('maint.col.elevator'),
    value: (r) => r.elevatorId,
    display: (r) => `${r.elevatorName} #${r.elevatorId}`,
  },
  { key: 'planDate', header: t('maint.col.planDate'), value: (r) => r.planDate },
];

const day = (flag: string, value: string | undefined): string => {
  if (!value || !calendarDate.test(value))
    throw new CliError(t('maint.badDate', { flag, value: value ?? '' }), EXIT.usage);
  return value;
};

/** `maint plan generate`: the orders of the caller's active plans with plan dates from..to, or on --dry-run a list. */
async function generate(cmd: Command, opts: { from?: string; to?: string; plan?: string; dryRun?: boolean }) {
  const body = {
    from: day('--from', opts.from),
    to: day('--to', opts.to),
    dryRun: opts.dryRun === true,
    ...(opts.plan ? { planId: parseId(opts.plan) } : {}),
  };
  const ctx = await contextFor(cmd);
  const result = await ctx.call((client) => client.call(generateMaintenanceOrders, { body }));
  await writeRecords(ctx.recordOutput(GENERATED_COLUMNS, GENERATED_COLUMNS), result.orders);
  say.info(t(result.dryRun ? 'maint.wouldCreate' : 'maint.created', { count: result.orders.length }));
}

/**
 * The report's table: who goes where, when, and how it stands (the entity's default columns would show the items'
 * JSON and leave out status and timing). -o wide, json and csv keep every field.
 */
const REPORT_FIELDS = [
  'orderNo',
  'elevatorName',
  'companyName',
  'worker1Name',
  'planDate',
  'maintenanceDate',
  'status',
  'timing',
] as const;

/** `maint orders`: every page of the orders, --not-accepted (the 24-hour flag) and --overdue (derived timing). */
async function orders(cmd: Command, opts: { overdue?: boolean; notAccepted?: boolean }) {
  const ctx = await contextFor(cmd);
  const def = entityDef('maintenanceOrder');
  const rows = await ctx.call(async (client) => {
    const out: Row[] = [];
    const query = {
      ...(opts.notAccepted ? { recentNotAccept: true } : {}),
      ...(opts.overdue ? { timing: MAINTENANCE_TIMING.overdue } : {}),
    };
    for await (const row of client.crud<Row>(def.path).all(query)) out.push(row);
    return out;
  });
  await writeRecords(ctx.recordOutput(tableColumns({ ...def, tableFields: REPORT_FIELDS }), wideColumns(def)), rows);
}

async function act(cmd: Command, idText: string, run: 'send' | 'invalidate', reason?: string) {
  const ctx = await contextFor(cmd);
  const id = parseId(idText);
  await ctx.call((client) =>
    run === 'send'
      ? client.call(sendMaintenanceOrder, { params: { id } })
      : client.call(invalidateMaintenanceOrder, { params: { id }, body: { invalidReason: reason ?? '' } }),
  );
  say.info(t(run === 'send' ? 'maint.sent' : 'maint.invalidated', { id }));
}

/** `maint old confirm|invalidate`: an old-style order's two final moves; prints the order as it is now. */
async function actOld(
  cmd: Command,
  idText: string,
  run: { action: 'confirm'; evaluation: number; advice?: string } | { action: 'invalidate'; reason: string },
) {
  const ctx = await contextFor(cmd);
  const id = parseId(idText);
  const order = await ctx.call((client) =>
    run.action === 'confirm'
      ? client.call(confirmOldMaintenanceOrder, {
          params: { id },
          body: { evaluation: run.evaluation, ...(run.advice ? { advice: run.advice } : {}) },
        })
      : client.call(invalidateOldMaintenanceOrder, { params: { id }, body: { invalidReason: run.reason } }),
  );
  say.info(
    t('maint.oldActed', {
      id,
      state: enumLabel(oldMaintenanceOrderStatus, Number(order.status), currentLanguage()),
    }),
  );
  if (ctx.format() !== 'table') await writeTo(process.stdout, `${JSON.stringify(order)}\n`);
}

export function register(program: Command): void {
  const maint = program.command('maint').description(t('cmd.maint'));
  maint
    .command('plan')
    .description(t('cmd.maint.plan'))
    .command('generate')
    .description(t('cmd.maint.generate'))
    .requiredOption('--from <date>', t('opt.maintFrom'))
    .requiredOption('--to <date>', t('opt.maintTo'))
    .option('--plan <id>', t('opt.maintPlan'))
    .option('--dry-run', t('opt.maintDryRun'))
    .action((opts: { from?: string; to?: string; plan?: string; dryRun?: boolean }, cmd: Command) =>
      generate(cmd, opts),
    );
  maint
    .command('orders')
    .description(t('cmd.maint.orders'))
    .option('--overdue', t('opt.overdue'))
    .option('--not-accepted', t('opt.notAccepted'))
    .action((opts: { overdue?: boolean; notAccepted?: boolean }, cmd: Command) => orders(cmd, opts));
  maint
    .command('send')
    .argument('<id>')
    .description(t('cmd.maint.send'))
    .action((id: string, _opts, cmd: Command) => act(cmd, id, 'send'));
  maint
    .command('invalidate')
    .argument('<id>')
    .description(t('cmd.maint.invalidate'))
    .option('--reason <text>', t('opt.reason'))
    .action((id: string, opts: { reason?: string }, cmd: Command) => {
      if (!opts.reason?.trim()) throw new CliError(t('maint.reasonRequired'), EXIT.usage);
      return act(cmd, id, 'invalidate', opts.reason);
    });
  const old = maint.command('old').description(t('cmd.maint.old'));
  old
    .command('confirm')
    .argument('<id>')
    .description(t('cmd.maint.old.confirm'))
    .requiredOption('--evaluation <n>', t('opt.evaluation'))
    .option('--advice <text>', t('opt.advice'))
    .action((id: string, opts: { evaluation: string; advice?: string }, cmd: Command) => {
      const evaluation = Number(opts.evaluation);
      if (![1, 2, 3, 4].includes(evaluation))
        throw new CliError(t('maint.badEvaluation', { value: opts.evaluation }), EXIT.usage);
      return actOld(cmd, id, { action: 'confirm', evaluation, advice: opts.advice });
    });
  old
    .command('invalidate')
    .argument('<id>')
    .description(t('cmd.maint.old.invalidate'))
    .option('--reason <text>', t('opt.reason'))
    .action((id: string, opts: { reason?: string }, cmd: Command) => {
      if (!opts.reason?.trim()) throw new CliError(t('maint.reasonRequired'), EXIT.usage);
      return actOld(cmd, id, { action: 'invalidate', reason: opts.reason });
    });
}
