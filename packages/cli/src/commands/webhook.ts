import { WEBHOOK_STATUS, formatDateTime, redeliverWebhook } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { parseId } from './entity/ids.js';
import { shapeNamed } from '../entities/lookup.js';
import { listAction } from './entity/list.js';
import { contextFor } from './options.js';
import { localTimeZone } from '../time-zone.js';

/** --since: a span back from now (90m, 24h, 7d) or a date-time (yyyy-MM-dd HH:mm:ss) in this machine's zone. */
export function sinceValue(value: string, now = Date.now()): string {
  const span = /^(\d{1,5})([mhd])$/.exec(value.trim());
  if (span) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[span[2] as 'm' | 'h' | 'd'];
    return formatDateTime(now - Number(span[1]) * unit, localTimeZone());
  }
  if (/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value.trim())) {
    const v = value.trim();
    return v.length === 10 ? `${v} 00:00:00` : v.length === 16 ? `${v}:00` : v;
  }
  throw new CliError(t('webhook.badSince', { value }), EXIT.usage);
}

/** `liftctl webhook deliveries [--failed] [--since 24h] [--developer ID]` and `liftctl webhook redeliver ID...`. */
export function register(program: Command): void {
  const webhook = program.command('webhook').description(t('cmd.webhook'));

  webhook
    .command('deliveries')
    .description(t('cmd.webhook.deliveries'))
    .option('--failed', t('opt.webhookFailed'))
    .option('--since <when>', t('opt.webhookSince'))
    .option('--developer <id>', t('opt.webhookDeveloper'))
    .option('--all', t('opt.all'))
    .action(async (opts: { failed?: boolean; since?: string; developer?: string; all?: boolean }, cmd: Command) => {
      const query: Record<string, unknown> = { all: opts.all };
      if (opts.failed) query.status = String(WEBHOOK_STATUS.failed);
      if (opts.since) query.eventTimeStart = sinceValue(opts.since);
      if (opts.developer) query.developerId = String(parseId(opts.developer));
      await listAction(await shapeNamed('webhookDelivery'), query, cmd);
    });

  webhook
    .command('redeliver')
    .argument('<id...>')
    .description(t('cmd.webhook.redeliver'))
    .action(async (ids: string[], _opts, cmd: Command) => {
      const parsed = ids.map(parseId);
      const ctx = await contextFor(cmd);
      for (const id of parsed) {
        const again = await ctx.call((client) => client.call(redeliverWebhook, { params: { id } }));
        await writeTo(process.stdout, `${again.id}\n`);
        say.info(t('webhook.redelivered', { id, newId: again.id }));
      }
    });
}
