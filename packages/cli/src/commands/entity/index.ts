import { megabytesOf } from '@liftcloud/client';
import type { Command } from 'commander';
import type { EntityShape } from '../../entities/shape.js';
import { t } from '../../i18n/index.js';
import { registerDeveloperCommands } from '../developer.js';
import { addFilterOptions } from './filters.js';
import { labelOf } from './labels.js';
import { LIST_EXTRAS } from './list-extras.js';
import { addWatchOptions } from './watch.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `liftctl <entity> list|get|create|update|delete|export`, built from the entity's shape (shape.ts); with
 * `attachments|attach|download` when the definition declares attachments. Each action's module loads when it
 * runs: list and get read the shape; the others load the definition and its schemas.
 */
export function registerEntity(program: Command, shape: EntityShape, name: string): void {
  const entity = shape.name;
  const label = labelOf(shape);
  const group = program.command(name).description(t('cmd.entity.group', { label })).helpGroup(t('help.records'));

  const list = addFilterOptions(group.command('list').alias('ls').description(t('cmd.entity.list', { label })), shape);
  addWatchOptions(LIST_EXTRAS[entity]?.options(list) ?? list, entity)
    .option('--all', t('opt.all'))
    .action(async (opts: Record<string, unknown>, cmd: Command) =>
      (await import('./list.js')).listAction(shape, opts, cmd),
    );

  if (entity === 'inspection')
    group
      .command('due')
      .description(t('cmd.inspection.due'))
      .option('--within <span>', t('opt.within'), '30d')
      .option('--all', t('opt.all'))
      .action(async (opts: { within: string; all?: boolean }, cmd: Command) =>
        (await import('./list.js')).listAction(shape, { dueWithin: opts.within, all: opts.all }, cmd),
      );

  if (entity === 'contract')
    group
      .command('void')
      .argument('<id>')
      .description(t('cmd.contract.void'))
      .requiredOption('--reason <text>', t('opt.voidReason'))
      .action(async (id: string, opts: { reason: string }, cmd: Command) =>
        (await import('./contract-void.js')).voidAction(id, opts.reason, cmd),
      );
  if (entity === 'developer') registerDeveloperCommands(group);

  group
    .command('get')
    .argument('<id>')
    .description(t('cmd.entity.get', { label }))
    .action(async (id: string, _opts, cmd: Command) =>
      // a gateway test's get shows its per-DTU results too (commands/gateway.ts)
      entity === 'gatewayTest'
        ? (await import('../gateway.js')).gatewayTestGet(id, cmd)
        : (await import('./get.js')).getAction(shape, id, cmd),
    );

  // records the server keeps (logs, gateway records, repair orders) are listed and read, never written here
  if (!shape.readOnly) registerWrites(group, entity, label);

  addFilterOptions(group.command('export').description(t('cmd.entity.export', { label })), shape, false)
    .option('--no-bom', t('opt.noBom'))
    .option('--xlsx <file>', t('opt.xlsx'))
    .action(async (opts: Record<string, unknown>, cmd: Command) =>
      (await import('./export.js')).exportAction(entity, opts, cmd),
    );

  const limit = shape.attachments;
  if (!limit) return;
  group
    .command('attachments')
    .argument('<id>')
    .description(t('cmd.entity.attachments', { label }))
    .option('--json', t('opt.json'))
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) =>
      (await import('./attachments.js')).attachmentsAction(entity, id, opts, cmd),
    );
  group
    .command('attach')
    .argument('<id>')
    .argument('<file>', t('arg.file'))
    .description(t('cmd.entity.attach', { label, types: limit.types.join(', '), size: megabytesOf(limit) }))
    .option('--json', t('opt.json'))
    .action(async (id: string, file: string, opts: { json?: boolean }, cmd: Command) =>
      (await import('./attachments.js')).attachAction(entity, id, file, opts, cmd),
    );
  group
    .command('download')
    .argument('<fileId>', t('arg.fileId'))
    .description(t('cmd.entity.download'))
    .option('--out <path>', t('opt.out'))
    .option('--json', t('opt.json'))
    .action(async (fileId: string, opts: { out?: string; json?: boolean }, cmd: Command) =>
      (await import('./attachments.js')).downloadAction(fileId, opts, cmd),
    );
}

/** `create`, `update` and `delete` of an entity people write. */
function registerWrites(group: Command, entity: string, label: string): void {
  const writeOptions = (command: Command) =>
    command
      .option('--set <key=value>', t('opt.set'), collect)
      .option('-f, --file <path>', t('opt.file'))
      .option('--dry-run', t('opt.dryRun'));

  writeOptions(group.command('create').description(t('cmd.entity.create', { label }))).action(
    async (opts, cmd: Command) => (await import('./write.js')).createAction(entity, opts, cmd),
  );

  writeOptions(group.command('update').argument('<id>').description(t('cmd.entity.update', { label }))).action(
    async (id: string, opts, cmd: Command) => (await import('./write.js')).updateAction(entity, id, opts, cmd),
  );

  group
    .command('delete')
    .alias('rm')
    .argument('<id...>')
    .description(t('cmd.entity.delete', { label }))
    .action(async (ids: string[], _opts, cmd: Command) => (await import('./delete.js')).deleteAction(entity, ids, cmd));
}
