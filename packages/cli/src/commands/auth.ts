import type { Command } from 'commander';
import type { TokenSource } from '../context.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { writeRecord } from '../output/records.js';
import { contextFor } from './options.js';

/** What `auth status` reports: plain values for scripts, combined and localised for people. */
interface AuthStatus {
  profile: string;
  server: string;
  username: string;
  name: string;
  orgId: number | null;
  orgName: string | null;
  tokenSource: Exclude<TokenSource, 'none'>;
  tokenFile: string | null;
  language: string;
}

/** Built when used, so headers follow the language of the profile in use. */
const columns = (): Column<AuthStatus>[] => [
  { key: 'profile', header: t('auth.field.profile'), value: (s) => s.profile },
  { key: 'server', header: t('auth.field.server'), value: (s) => s.server },
  {
    key: 'username',
    header: t('auth.field.user'),
    value: (s) => s.username,
    display: (s) => (s.name ? `${s.username} (${s.name})` : s.username),
  },
  {
    key: 'orgId',
    header: t('auth.field.org'),
    value: (s) => s.orgId,
    display: (s) => (s.orgName ? `${s.orgId} (${s.orgName})` : s.orgId),
  },
  {
    key: 'tokenSource',
    header: t('auth.field.tokenSource'),
    value: (s) => s.tokenSource,
    display: (s) =>
      s.tokenSource === 'env' ? t('auth.source.env') : t('auth.source.file', { path: s.tokenFile ?? '' }),
  },
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
      const [me, orgs] = await ctx.call((client) =>
        // The organisation's name is a courtesy: its list failing does not fail the status.
        Promise.all([client.auth.me(), client.orgs().catch(() => [])]),
      );
      const orgId = ctx.sessionStore().getOrgId();
      const status: AuthStatus = {
        profile: ctx.settings.profileName,
        server,
        username: me.username,
        name: me.name,
        orgId,
        orgName: orgs.find((o) => o.id === orgId)?.name ?? null,
        tokenSource: source,
        tokenFile: source === 'file' ? ctx.credentials.path : null,
        language: ctx.settings.language,
      };
      const all = columns();
      await writeRecord(ctx.recordOutput(all, all), status);
    });
}
