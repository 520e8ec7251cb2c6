import type { Command } from 'commander';
import { t } from '../../i18n/index.js';
import { megabytesOf } from '@liftcloud/client';
import { attachAction, attachmentsAction, downloadAction } from './attachments.js';
import { entityDef, labelOf } from './definition.js';
import { deleteAction } from './delete.js';
import { exportAction } from './export.js';
import { addFilterOptions } from './filters.js';
import { getAction } from './get.js';
import { LIST_EXTRAS } from './list-extras.js';
import { listAction } from './list.js';
import { addWatchOptions } from './watch.js';
import { createAction, updateAction } from './write.js';
import { registerDeveloperCommands } from '../developer.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `liftctl <entity> list|get|create|update|delete|export`, built from the entity's definition; with
 * `attachments|attach|download` when the definition declares attachments.
 */
export function registerEntity(program: Command, entity: string, name: string): void {
  const def = entityDef(entity);
  const label = labelOf(def);
  const group = program.command(name).description(t('cmd.entity.group', { label })).helpGroup(t('help.records'));

  const list = addFilterOptions(group.command('list').alias('ls').description(t('cmd.entity.list', { label })), def);
  addWatchOptions(LIST_EXTRAS[entity]?.options(list) ?? list, entity)
    .option('--all', t('opt.all'))
    .action((opts: Record<string, unknown>, cmd: Command) => listAction(entity, opts, cmd));

  if (entity === 'inspection')
    group
      .command('due')
      .description(t('cmd.inspection.due'))
      .option('--within <span>', t('opt.within'), '30d')
      .option('--all', t('opt.all'))
      .action((opts: { within: string; all?: boolean }, cmd: Command) =>
        listAction(entity, { dueWithin: opts.within, all: opts.all }, cmd),
      );

  if (entity === 'contract')
    group
      .command('void')
      .argument('<id>')
      .description(t('cmd.contract.void'))
      .requiredOption('--reason <text>', t('opt.voidReason'))
      .action((id: string, opts: { reason: string }, cmd: Command) =>
        import('./contract-void.js').then((m) => m.voidAction(id, opts.reason, cmd)),
      );
  if (entity === 'developer') registerDeveloperCommands(group);

  group
    .command('get')
    .argument('<id>')
    .description(t('cmd.entity.get', { label }))
    .action((id: string, _opts, cmd: Command) =>
      // a gateway test's get shows its per-DTU results too (commands/gateway.ts)
      entity === 'gatewayTest'
        ? import('../gateway.js').then((m) => m.gatewayTestGet(id, cmd))
        : getAction(entity, id, cmd),
    );

  // records the server keeps (logs, gateway records, repair orders) are listed and read, never written here
  if (!def.readOnly) registerWrites(group, entity, label);

  addFilterOptions(group.command('export').description(t('cmd.entity.export', { label })), def, false)
    .option('--no-bom', t('opt.noBom'))
    .option('--xlsx <file>', t('opt.xlsx'))
    .action((opts: Record<string, unknown>, cmd: Command) => exportAction(entity, opts, cmd));

  const limit = def.attachments;
  if (!limit) return;
  group
    .command('attachments')
    .argument('<id>')
    .description(t('cmd.entity.attachments', { label }))
    .option('--json', t('opt.json'))
    .action((id: string, opts: { json?: boolean }, cmd: Command) => attachmentsAction(entity, id, opts, cmd));
  group
    .command('attach')
    .argument('<id>')
    .argument('<file>', t('arg.file'))
    .description(t('cmd.entity.attach', { label, types: limit.types.join(', '), size: megabytesOf(limit) }))
    .option('--json', t('opt.json'))
    .action((id: string, file: string, opts: { json?: boolean }, cmd: Command) =>
      attachAction(entity, id, file, opts, cmd),
    );
  group
    .command('download')
    .argument('<fileId>', t('arg.fileId'))
    .description(t('cmd.entity.download'))
    .option('--out <path>', t('opt.out'))
    .option('--json', t('opt.json'))
    .action((fileId: string, opts: { out?: string; json?: boolean }, cmd: Command) =>
      downloadAction(fileId, opts, cmd),
    );
}

/** `create`, `update` and `delete` of an entity people write. */
function registerWrites(group: Command, entity: string, label: string): void {
  const writeOptions = (command: Command) =>
    command
      .option('--set <key=value>', t('opt.set'), collect)
      .option('-f, --file <path>', t('opt.file'))
      .option('--dry-run', t('opt.dryRun'));

  writeOptions(group.command('create').description(t('cmd.entity.create', { label }))).action((opts, cmd: Command) =>
    createAction(entity, opts, cmd),
  );

  writeOptions(group.command('update').argument('<id>').description(t('cmd.entity.update', { label }))).action(
    (id: string, opts, cmd: Command) => updateAction(entity, id, opts, cmd),
  );

  group
    .command('delete')
    .alias('rm')
    .argument('<id...>')
    .description(t('cmd.entity.delete', { label }))
    .action((ids: string[], _opts, cmd: Command) => deleteAction(entity, ids, cmd));
}
