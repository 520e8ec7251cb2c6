import {
  WORK_ORDER_FLAGS,
  enumLabel,
  formatDateTime,
  workOrderState,
  type LiftCloudClient,
  type UserAction,
  type WorkOrderActionBody,
  type WorkOrderDetail,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { renderRecord, renderTable } from '../output/table.js';
import { terminal } from '../output/terminal.js';
import { bold } from '../output/style.js';
import { wideColumns } from './entity/columns.js';
import { entityDef } from './entity/definition.js';
import { addFilterOptions } from './entity/filters.js';
import { parseId } from './entity/ids.js';
import { shapeNamed } from '../entities/lookup.js';
import { listAction } from './entity/list.js';
import { addWatchOptions } from './entity/watch.js';
import { contextFor } from './options.js';
import { registerCreate } from './work-order-create.js';
import { localTimeZone } from '../time-zone.js';

export const stateLabel = (state: unknown): string =>
  enumLabel(workOrderState, state === null || state === undefined ? null : Number(state), currentLanguage());

export const detailOf = (client: LiftCloudClient, id: number) => client.workOrders.detail(id);

/** A timeline time in this machine's zone. */
const when = (ms: number) => formatDateTime(ms, localTimeZone());

/** A work order for people: its fields, the actions allowed now, the people, the timeline. */
export function renderDetail(detail: WorkOrderDetail, color: boolean): string {
  const columns = wideColumns(entityDef('workOrder'));
  const parts = [renderRecord(columns, detail.order, { color })];
  parts.push(
    `\n${bold(t('wo.allowed'), color)} ${detail.allowedActions.length ? detail.allowedActions.join(', ') : detail.order.paused ? t('wo.noneWhilePaused') : t('wo.none')}\n`,
  );
  // the alarm flow flags raised so far, in the flow's order, as the entity labels them
  const flags = WORK_ORDER_FLAGS.filter((f) => detail.order[f] === true).map(
    (f) => entityDef('workOrder').fields[f]!.label[currentLanguage()],
  );
  parts.push(`${bold(t('wo.flags'), color)} ${flags.join(' → ')}\n`);
  if (detail.people.length)
    parts.push(
      `\n${bold(t('wo.people'), color)}\n${detail.people.map((p) => `  ${p.name} (#${p.userId}) ${p.role}`).join('\n')}\n`,
    );
  parts.push(`\n${bold(t('wo.timeline'), color)}\n`);
  parts.push(
    renderTable(
      [
        { key: 'time', header: t('wo.col.time'), value: (r: WorkOrderDetail['timeline'][number]) => when(r.time) },
        { key: 'action', header: t('wo.col.action'), value: (r) => r.action },
        {
          key: 'state',
          header: t('wo.col.state'),
          value: (r) => `${r.fromState === null ? '' : `${stateLabel(r.fromState)} → `}${stateLabel(r.toState)}`,
        },
        { key: 'by', header: t('wo.col.by'), value: (r) => r.userName ?? '' },
        { key: 'note', header: t('wo.col.note'), value: (r) => r.note ?? '' },
      ],
      detail.timeline,
      { color },
    ),
  );
  return parts.join('');
}

async function act(cmd: Command, idText: string, action: UserAction, body: WorkOrderActionBody): Promise<void> {
  const ctx = await contextFor(cmd);
  const id = parseId(idText);
  const detail = await ctx.call(async (client) => {
    await client.workOrders.act(id, action, body);
    return detailOf(client, id);
  });
  say.info(t('wo.acted', { id, action, state: stateLabel(detail.order.recordState) }));
  if (ctx.format() !== 'table') await writeTo(process.stdout, `${JSON.stringify(detail.order)}\n`);
}

async function pause(cmd: Command, idText: string, paused: boolean): Promise<void> {
  const ctx = await contextFor(cmd);
  const id = parseId(idText);
  await ctx.call((client) => client.workOrders.pause(id, paused));
  say.info(t(paused ? 'wo.paused' : 'wo.resumed', { id }));
}

export function register(program: Command): void {
  const wo = program.command('work-orders').description(t('cmd.wo'));
  const def = entityDef('workOrder');

  addWatchOptions(addFilterOptions(wo.command('list').alias('ls').description(t('cmd.wo.list')), def), 'workOrder')
    .option('--all', t('opt.all'))
    .action(async (opts: Record<string, unknown>, cmd: Command) =>
      listAction(await shapeNamed('workOrder'), opts, cmd),
    );

  registerCreate(wo);

  wo.command('get')
    .argument('<id>')
    .description(t('cmd.wo.get'))
    .action(async (idText: string, _opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const id = parseId(idText);
      const detail = await ctx.call((client) => detailOf(client, id));
      if (ctx.format() === 'table' || ctx.format() === 'wide')
        await writeTo(process.stdout, renderDetail(detail, terminal().color));
      else if (ctx.format() === 'yaml') {
        const { stringify } = await import('yaml');
        await writeTo(process.stdout, stringify(detail));
      } else await writeTo(process.stdout, `${JSON.stringify(detail, null, ctx.format() === 'json' ? 2 : 0)}\n`);
    });

  for (const action of ['receive', 'arrive', 'confirm'] as const)
    wo.command(action)
      .argument('<id>')
      .description(t(`cmd.wo.${action}`))
      .action((id: string, _opts, cmd: Command) => act(cmd, id, action, {}));

  wo.command('finish')
    .argument('<id>')
    .description(t('cmd.wo.finish'))
    .option('--handling <text>', t('opt.handling'))
    .option('--fault-reason <text>', t('opt.faultReason'))
    .action((id: string, opts: { handling?: string; faultReason?: string }, cmd: Command) =>
      act(cmd, id, 'finish', { handling: opts.handling, faultReason: opts.faultReason }),
    );

  wo.command('cancel')
    .argument('<id>')
    .description(t('cmd.wo.cancel'))
    .option('--reason <text>', t('opt.reason'))
    .action((id: string, opts: { reason?: string }, cmd: Command) => {
      if (!opts.reason?.trim()) throw new CliError(t('wo.reasonRequired'), EXIT.usage);
      return act(cmd, id, 'cancel', { reason: opts.reason });
    });

  wo.command('pause')
    .argument('<id>')
    .description(t('cmd.wo.pause'))
    .action((id: string, _opts, cmd: Command) => pause(cmd, id, true));
  wo.command('resume')
    .argument('<id>')
    .description(t('cmd.wo.resume'))
    .action((id: string, _opts, cmd: Command) => pause(cmd, id, false));

  const people = wo.command('people').description(t('cmd.wo.people'));
  people
    .command('add')
    .argument('<id>', t('arg.workOrderId'))
    .requiredOption('--user <userId>', t('opt.user'))
    .option('--role <role>', t('opt.role'), 'repair')
    .action(async (idText: string, opts: { user: string; role: string }, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const id = parseId(idText);
      const userId = parseId(opts.user);
      const role = opts.role;
      if (role !== 'repair' && role !== 'service') throw new CliError(t('wo.badRole', { value: role }), EXIT.usage);
      await ctx.call((client) => client.workOrders.addPerson(id, userId, role));
      say.info(t('wo.personAdded', { id, userId, role: opts.role }));
    });
}
