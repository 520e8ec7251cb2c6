import type { Command } from 'commander';
import { DEFAULT_PROFILE } from '../config/profile.js';
import { parseLanguage, parseOrg, parseServer } from '../config/settings.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { say } from '../output/messages.js';
import { writeRecords } from '../output/records.js';
import { confirmOrStop } from '../prompts/ask.js';
import { contextFor } from './options.js';

interface ProfileRow {
  current: boolean;
  name: string;
  server: string | null;
  org: number | null;
  language: string | null;
  user: string | null;
}

/** Built when used, so headers follow the language of the profile in use. */
const columns = (): Column<ProfileRow>[] => [
  { key: 'current', header: t('col.current'), value: (r) => (r.current ? '*' : '') },
  { key: 'name', header: t('col.name'), value: (r) => r.name },
  { key: 'server', header: t('col.server'), value: (r) => r.server },
  { key: 'org', header: t('col.org'), value: (r) => r.org },
  { key: 'language', header: t('col.language'), value: (r) => r.language },
  { key: 'user', header: t('col.user'), value: (r) => r.user },
];

export function register(program: Command): void {
  const profile = program.command('profile').description(t('cmd.profile'));

  profile
    .command('list')
    .alias('ls')
    .description(t('cmd.profile.list'))
    .action(async (_opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const current = ctx.settings.profileName;
      const rows: ProfileRow[] = Object.entries(ctx.config.profiles).map(([name, p]) => {
        const login = ctx.credentials.get(name);
        return {
          current: name === current,
          name,
          server: p.server ?? null,
          org: p.org ?? null,
          language: p.language ?? null,
          user: login && login.server === p.server ? login.session.username : null,
        };
      });
      if (rows.length === 0 && ctx.format() === 'table') return say.info(t('profile.none'));
      await writeRecords(ctx.recordOutput(columns(), columns()), rows);
    });

  profile
    .command('use')
    .argument('<name>')
    .description(t('cmd.profile.use'))
    .action(async (name: string, _opts, cmd: Command) => {
      const profiles = await (await contextFor(cmd)).profileStore();
      if (!profiles.get(name)) throw new CliError(t('profile.unknown', { name }), EXIT.usage);
      profiles.use(name);
      say.info(t('profile.switched', { name }));
    });

  profile
    .command('set')
    .argument('[name]')
    .description(t('cmd.profile.set'))
    .option('--language <language>', t('opt.language'))
    .action(async (nameArg: string | undefined, _opts, cmd: Command) => {
      // --server and --org are the global options: given here, they are what the profile keeps.
      const opts = cmd.optsWithGlobals<{ server?: string; org?: string; language?: string }>();
      const ctx = await contextFor(cmd);
      const name = nameArg ?? ctx.settings.profileName ?? DEFAULT_PROFILE;
      const profiles = await ctx.profileStore();
      profiles.save(name, {
        server: opts.server === undefined ? undefined : parseServer(opts.server),
        org: opts.org === undefined ? undefined : parseOrg(opts.org),
        language: opts.language === undefined ? undefined : parseLanguage(opts.language),
      });
      if (Object.keys(profiles.all()).length === 1) profiles.use(name);
      say.info(t('profile.saved', { name }));
    });

  profile
    .command('delete')
    .alias('rm')
    .argument('<name>')
    .description(t('cmd.profile.delete'))
    .action(async (name: string, _opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const profiles = await ctx.profileStore();
      if (!profiles.get(name)) throw new CliError(t('profile.unknown', { name }), EXIT.usage);
      await confirmOrStop(t('profile.confirmDelete', { name }), ctx.yes);
      profiles.delete(name);
      ctx.credentials.put(name, null);
      say.info(t('profile.deleted', { name }));
    });
}
