import type { CreatedTokenAnswer } from '@liftcloud/client';
import type { Command } from 'commander';
import type { Column } from '../output/columns.js';
import { writeRecord } from '../output/records.js';
import { t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { parseId } from './entity/ids.js';
import { shapeNamed } from '../entities/lookup.js';
import { listAction } from './entity/list.js';
import { contextFor } from './options.js';

const createdColumns: Column<CreatedTokenAnswer>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'name', header: 'NAME', value: (r) => r.name },
  { key: 'token', header: 'TOKEN', value: (r) => r.token },
];

export function register(program: Command): void {
  const token = program.command('token').description(t('cmd.token'));

  token
    .command('create')
    .argument('<name>')
    .description(t('cmd.token.create'))
    .option('--expires <time>', t('opt.expires'))
    .action(async (name: string, opts: { expires?: string }, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const created = await ctx.call((client) => client.tokens.create(name, opts.expires));
      // On a table the secret alone (`TOKEN=$(liftctl token create x)`); -o formats get id, name and token.
      if (ctx.format() === 'table') await writeTo(process.stdout, `${created.token}\n`);
      else await writeRecord(ctx.recordOutput(createdColumns, createdColumns), created);
      say.info(t('token.created', { name: created.name, id: created.id }));
    });

  token
    .command('list')
    .alias('ls')
    .description(t('cmd.token.list'))
    .action(async (_opts, cmd: Command) => listAction(await shapeNamed('accessToken'), { all: true }, cmd));

  token
    .command('revoke')
    .argument('<id>')
    .description(t('cmd.token.revoke'))
    .action(async (id: string, _opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const tokenId = parseId(id);
      await ctx.call((client) => client.tokens.revoke(tokenId));
      say.info(t('token.revoked', { id: tokenId }));
    });
}
