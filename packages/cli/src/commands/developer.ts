import { DEVELOPER_STATUS, type DeveloperSecret } from '@liftcloud/client';
import type { Command } from 'commander';
import type { Column } from '../output/columns.js';
import { writeRecord } from '../output/records.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';

const secretColumns: Column<DeveloperSecret>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'appKey', header: 'APP KEY', value: (r) => r.appKey },
  { key: 'appSecret', header: 'APP SECRET', value: (r) => r.appSecret },
  { key: 'previousSecretUntil', header: 'PREVIOUS UNTIL', value: (r) => r.previousSecretUntil ?? '' },
];

/**
 * `liftctl developer rotate-secret <id> [--overlap 24]` and `liftctl developer close <id>`, beside the entity
 * commands of the developer definition (list, get, create, update, delete, export). `developer create` then
 * `rotate-secret` issues the first secret; on a table the secret alone goes to stdout (`S=$(liftctl …)`).
 */
export function registerDeveloperCommands(group: Command): void {
  group
    .command('rotate-secret')
    .argument('<id>')
    .description(t('cmd.developer.rotate'))
    .option('--overlap <hours>', t('opt.overlap'))
    .action(async (idText: string, opts: { overlap?: string }, cmd: Command) => {
      const id = parseId(idText);
      let overlapHours: number | undefined;
      if (opts.overlap !== undefined) {
        overlapHours = Number(opts.overlap);
        if (!/^\d{1,3}$/.test(opts.overlap) || overlapHours > 168)
          throw new CliError(t('developer.badOverlap', { value: opts.overlap }), EXIT.usage);
      }
      const ctx = await contextFor(cmd);
      // the operation's declaration brings the client's schemas: loaded when the command runs, not for every entity
      const { rotateDeveloperSecret } = await import('@liftcloud/client');
      const secret = await ctx.call((client) =>
        client.call(rotateDeveloperSecret, {
          params: { id },
          body: overlapHours === undefined ? {} : { overlapHours },
        }),
      );
      if (ctx.format() === 'table') await writeTo(process.stdout, `${secret.appSecret}\n`);
      else await writeRecord(ctx.recordOutput(secretColumns, secretColumns), secret);
      say.info(t('developer.secretShown', { appKey: secret.appKey }));
      if (secret.previousSecretUntil) say.info(t('developer.previousUntil', { time: secret.previousSecretUntil }));
    });

  group
    .command('close')
    .argument('<id>')
    .description(t('cmd.developer.close'))
    .action(async (idText: string, _opts, cmd: Command) => {
      const id = parseId(idText);
      const ctx = await contextFor(cmd);
      await ctx.call((client) => client.entities.developer.save({ id, status: DEVELOPER_STATUS.closed }));
      say.info(t('developer.closed', { id }));
    });
}
