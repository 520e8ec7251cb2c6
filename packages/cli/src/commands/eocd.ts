import {
  base64ToBytes,
  getEocdRunSamples,
  pushEocdSettings,
  unpackBytes,
  type EocdPushResult,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { say } from '../output/messages.js';
import { writeRecord, writeRecords } from '../output/records.js';
import { tableColumns, wideColumns } from './entity/columns.js';
import { entityDef, type Row } from './entity/definition.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';

/** Whole thousandths of m/s²: what 16-bit samples at the protocol's scales can say, and JSON a tenth the size. */
const milli = (values: Float32Array) => Array.from(values, (v) => Math.round(v * 1000) / 1000);

/** `eocd runs --elevator ID [--over]`: an elevator's runs with their metrics, newest first. */
async function runs(cmd: Command, opts: { elevator: string; over?: boolean }) {
  const elevatorId = parseId(opts.elevator);
  const ctx = await contextFor(cmd);
  const def = entityDef('eocdRun');
  const rows = await ctx.call(async (client) => {
    const out: Row[] = [];
    const query = { elevatorId, ...(opts.over ? { overLimit: true } : {}) };
    for await (const row of client.crud<Row>(def.path).all(query)) out.push(row);
    return out;
  });
  await writeRecords(ctx.recordOutput(tableColumns(def), wideColumns(def)), rows);
}

/**
 * `eocd run ID [--samples]`: one run's metrics; with --samples also its raw data, x, y and z in m/s² at its
 * sample rate (while the server keeps them: 30 days, then exit 1 with the server's message).
 */
async function run(cmd: Command, idText: string, opts: { samples?: boolean }) {
  const id = parseId(idText);
  const ctx = await contextFor(cmd);
  const def = entityDef('eocdRun');
  const record = await ctx.call(async (client) => {
    const r = await client.crud<Row>(def.path).get(id);
    if (!opts.samples) return r;
    const raw = await client.call(getEocdRunSamples, { params: { id } });
    const bytes = base64ToBytes(raw.samples);
    if (!bytes) throw new CliError(t('eocd.badSamples'), EXIT.error);
    const axes = unpackBytes(bytes, raw.scale);
    return {
      ...r,
      samples: { sampleRate: raw.sampleRate, unit: 'm/s²', x: milli(axes.x), y: milli(axes.y), z: milli(axes.z) },
    };
  });
  const columns = wideColumns(def);
  if (opts.samples && ctx.format() === 'table') throw new CliError(t('eocd.samplesFormat'), EXIT.usage);
  await writeRecord(ctx.recordOutput(columns, columns), record);
}

const pushColumns = (): Column<EocdPushResult>[] => [
  { key: 'elevatorId', header: 'ID', value: (r) => r.elevatorId },
  { key: 'elevatorName', header: t('health.col.elevator'), value: (r) => r.elevatorName },
  { key: 'dtuCode', header: 'DTU', value: (r) => r.dtuCode },
  { key: 'commandId', header: t('eocd.col.command'), value: (r) => r.commandId },
  { key: 'error', header: t('eocd.col.error'), value: (r) => r.error },
];

/**
 * `eocd settings push ID`: send collection settings to the gateway of each elevator they cover; one line per
 * elevator (the command record to follow, or why nothing was sent). Exit 0 when all were sent, 4 when some
 * were not, 1 when none was.
 */
async function push(cmd: Command, idText: string) {
  const id = parseId(idText);
  const ctx = await contextFor(cmd);
  const results = await ctx.call((client) => client.call(pushEocdSettings, { params: { id } }));
  const cols = pushColumns();
  await writeRecords(ctx.recordOutput(cols, cols), results);
  const failed = results.filter((r) => r.error !== null);
  if (failed.length) {
    say.error(t('eocd.pushFailed', { failed: failed.length, count: results.length }));
    process.exitCode = failed.length === results.length ? EXIT.error : EXIT.partial;
  }
}

export function register(program: Command): void {
  const eocd = program.command('eocd').description(t('cmd.eocd'));
  eocd
    .command('runs')
    .description(t('cmd.eocd.runs'))
    .requiredOption('--elevator <id>', t('opt.eocdElevator'))
    .option('--over', t('opt.eocdOver'))
    .action((opts: { elevator: string; over?: boolean }, c: Command) => runs(c, opts));
  eocd
    .command('run')
    .description(t('cmd.eocd.run'))
    .argument('<id>', t('arg.runId'))
    .option('--samples', t('opt.eocdSamples'))
    .action((id: string, opts: { samples?: boolean }, c: Command) => run(c, id, opts));
  const settings = eocd.command('settings').description(t('cmd.eocd.settings'));
  settings
    .command('push')
    .description(t('cmd.eocd.push'))
    .argument('<id>', t('arg.settingsId'))
    .action((id: string, _opts: unknown, c: Command) => push(c, id));
}
