import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { writeRecord } from '../output/records.js';
import { contextFor } from './options.js';

interface AuthStatus {
  profile: string;
  server: string;
  user: string | null;
  org: number | null;
  tokenSource: string;
  language: string;
}

/** Built when used, so headers follow the language of the profile in use. */
const columns = (): Column<AuthStatus>[] => [
  { key: 'profile', header: t('auth.field.profile'), value: (s) => s.profile },
  { key: 'server', header: t('auth.field.server'), value: (s) => s.server },
  { key: 'user', header: t('auth.field.user'), value: (s) => s.user },
  { key: 'org', header: t('auth.field.org'), value: (s) => s.org },
  { key: 'tokenSource', header: t('auth.field.tokenSource'), value: (s) => s.tokenSource },
  { key: 'language', header: t('auth.field.language'), value: (s) => s.language },
];

export function register(program: Command): void {
  const auth = program.command('auth').description(t('cmd.auth'));
  auth
    .command('status')
    .description(t('cmd.auth.status'))
    .action(async (_opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const server = ctx.requireServer();
      const source = ctx.tokenSource();
      if (source === 'none') throw new CliError(t('auth.notLoggedIn', { server }), EXIT.auth);
      const me = await ctx.call((client) => client.auth.me());
      const status: AuthStatus = {
        profile: ctx.settings.profileName,
        server,
        user: me.name ? `${me.username} (${me.name})` : me.username,
        org: ctx.sessionStore().getOrgId(),
        tokenSource: source === 'env' ? t('auth.source.env') : t('auth.source.file', { path: ctx.credentials.path }),
        language: ctx.settings.language,
      };
      await writeRecord(ctx.recordOutput(columns(), columns()), status);
    });
}
