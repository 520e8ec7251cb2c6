import { sendMessage } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** --value name=value, repeated: the template's values. */
export function messageValues(pairs: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new CliError(t('message.badValue', { value: pair }), EXIT.usage);
    values[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return values;
}

/** `liftctl message send --template ID --target PHONE|MAIL [--value name=value]...`: prints the record's id. */
export function register(program: Command): void {
  const message = program.command('message').description(t('cmd.message'));
  message
    .command('send')
    .description(t('cmd.message.send'))
    .requiredOption('--template <id>', t('opt.messageTemplate'))
    .requiredOption('--target <target>', t('opt.messageTarget'))
    .option('--value <name=value>', t('opt.messageValue'), collect)
    .action(async (opts: { template: string; target: string; value?: string[] }, cmd: Command) => {
      const body = { templateId: parseId(opts.template), target: opts.target, values: messageValues(opts.value ?? []) };
      const ctx = await contextFor(cmd);
      const sent = await ctx.call((client) => client.call(sendMessage, { body }));
      await writeTo(process.stdout, `${sent.id}\n`);
      say.info(t('message.queued', { id: sent.id }));
    });
}
