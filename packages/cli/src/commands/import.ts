import { basename, resolve } from 'node:path';
import { IMPORTABLE_ENTITIES, type ImportAnswer, type ImportableEntity, type ImportRowError } from '@liftcloud/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { CliError, isApiError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { say } from '../output/messages.js';
import { writeRecord, writeRecords } from '../output/records.js';
import { camel, kebab } from './entity/ids.js';
import { contextFor } from './options.js';
import { completeArgument } from '../completion/values.js';
import { readInputFile } from './input-file.js';
import { writeTemplate } from './import-template.js';

/** Row problems listed on a terminal before "… and N more" (-o json lists them all). */
const ROWS_SHOWN = 20;

const KINDS = IMPORTABLE_ENTITIES.map(kebab);

const answerColumns: Column<ImportAnswer>[] = (['created', 'skipped', 'total', 'dryRun'] as const).map((key) => ({
  key,
  header: key,
  value: (a) => a[key],
}));

const rowColumns: Column<ImportRowError>[] = (['row', 'column', 'field', 'rule', 'message'] as const).map((key) => ({
  key,
  header: key,
  value: (e) => e[key],
}));

function kindOf(value: string): ImportableEntity {
  const entity = camel(value) as ImportableEntity;
  if (!(IMPORTABLE_ENTITIES as readonly string[]).includes(entity))
    throw new CliError(t('import.unknownKind', { value, kinds: KINDS.join(', ') }), EXIT.usage);
  return entity;
}

export function register(program: Command): void {
  const command = completeArgument(program.command('import'), KINDS);
  // `liftctl import template <kind>`: commander runs the subcommand when the first word names it, else the import.
  completeArgument(command.command('template'), KINDS)
    .argument('<kind>', KINDS.join(', '))
    .description(t('cmd.importTemplate'))
    .option('--out <file>', t('opt.templateOut'))
    .action(async (kindText: string, opts: { out?: string }) => {
      const kind = kindOf(kindText);
      const out = opts.out ?? `${kebab(kind)}-template.xlsx`;
      await writeTemplate(out, kind, currentLanguage()).catch((error: unknown) => {
        throw new CliError(t('file.unreadable', { file: out, reason: (error as Error).message }), EXIT.usage);
      });
      say.info(t('template.written', { kind: kebab(kind), file: resolve(out) }));
    });
  command
    .argument('<kind>', KINDS.join(', '))
    .argument('<file>', '.xlsx')
    .description(t('cmd.import'))
    .option('--dry-run', t('opt.dryRunImport'))
    .action(async (kindText: string, file: string, opts: { dryRun?: boolean }, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const kind = kindOf(kindText);
      const bytes = await readInputFile(file);
      const name = basename(file);
      const started = Date.now();
      const label = () => t('import.progress', { file: name, seconds: Math.floor((Date.now() - started) / 1000) });
      try {
        const answer = await ctx.call(
          (client) => client.imports.upload(kind, new Blob([bytes]), { dryRun: opts.dryRun, fileName: name }),
          { label },
        );
        const { created, skipped, total } = answer;
        say.info(t(answer.dryRun ? 'import.checked' : 'import.done', { created, skipped, total, file: name }));
        if (ctx.format() !== 'table') await writeRecord(ctx.recordOutput(answerColumns, answerColumns), answer);
      } catch (error) {
        if (!isApiError(error) || error.key !== 'import.invalidRows') throw error;
        await reportRows(ctx, error.fieldErrors as ImportRowError[]);
        process.exitCode = EXIT.partial;
      }
    });
}

/**
 * Refused rows: how many rows and each problem (its message names the column) on stderr for people; every
 * problem as a record on stdout for -o formats.
 */
async function reportRows(ctx: Context, rows: ImportRowError[]): Promise<void> {
  say.error(t('import.rejected', { rows: new Set(rows.map((r) => r.row)).size }));
  if (ctx.format() !== 'table') return writeRecords(ctx.recordOutput(rowColumns, rowColumns), rows);
  for (const row of rows.slice(0, ROWS_SHOWN)) say.error(`  ${t('import.row', { ...row })}`);
  if (rows.length > ROWS_SHOWN) say.error(`  ${t('import.more', { count: rows.length - ROWS_SHOWN })}`);
}
