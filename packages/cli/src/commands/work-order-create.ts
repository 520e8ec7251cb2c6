import { raiseWorkOrder, type RaiseWorkOrderBody } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';
import { stateLabel } from './work-orders.js';

/** The repair methods a person may raise an order by (1, automatic, is the gateways'). */
const METHODS = { app: 2, phone: 3, inspection: 4 } as const;

export interface CreateOptions {
  elevator: string;
  method: keyof typeof METHODS;
  type: string;
  contactPerson?: string;
  contactTel?: string;
  alarmPhone?: string;
  hasPeople?: boolean;
  property?: string;
}

/** `work-orders create`: a repair order raised by hand (a phone call, an app alarm), then worked as any other. */
export function registerCreate(wo: Command): void {
  wo.command('create')
    .description(t('cmd.wo.create'))
    .requiredOption('--elevator <id>', t('opt.woElevator'))
    .option('--method <method>', t('opt.woMethod'), 'phone')
    .option('--type <code>', t('opt.woType'), '0')
    .option('--contact-person <name>', t('opt.woContactPerson'))
    .option('--contact-tel <phone>', t('opt.woContactTel'))
    .option('--alarm-phone <phone>', t('opt.woAlarmPhone'))
    .option('--has-people', t('opt.woHasPeople'))
    .option('--property <name>', t('opt.woProperty'))
    .action(async (opts: CreateOptions, cmd: Command) => {
      const method = METHODS[opts.method];
      if (method === undefined) throw new CliError(t('wo.badMethod', { value: String(opts.method) }), EXIT.usage);
      const body: RaiseWorkOrderBody = {
        elevatorId: parseId(opts.elevator),
        repairMethod: method,
        // the server checks the code against the alarm types
        type: Number(opts.type) as RaiseWorkOrderBody['type'],
        ...(opts.contactPerson ? { contactPerson: opts.contactPerson } : {}),
        ...(opts.contactTel ? { contactTel: opts.contactTel } : {}),
        ...(opts.alarmPhone ? { alarmPersonPhone: opts.alarmPhone } : {}),
        ...(opts.hasPeople ? { hasPeople: true } : {}),
        ...(opts.property ? { propertyName: opts.property } : {}),
      };
      const ctx = await contextFor(cmd);
      const order = await ctx.call((client) => client.call(raiseWorkOrder, { body }));
      say.info(t('wo.created', { id: order.id, no: String(order.workOrderNo), state: stateLabel(order.recordState) }));
      if (ctx.format() !== 'table') await writeTo(process.stdout, `${JSON.stringify(order)}\n`);
    });
}
