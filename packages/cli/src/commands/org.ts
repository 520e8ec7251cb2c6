import type { OrgEntry } from '@liftcloud/client';
import type { Command } from 'commander';
import { t } from '../i18n/index.js';
import type { Column } from '../output/columns.js';
import { writeRecords } from '../output/records.js';
import { contextFor } from './options.js';

type OrgRow = OrgEntry & { current: boolean };

/** Built when used, so headers follow the language of the profile in use. */
const columns = (): Column<OrgRow>[] => [
  { key: 'current', header: t('col.current'), value: (r) => r.current, display: (r) => (r.current ? '*' : '') },
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'name', header: t('col.name'), value: (r) => r.name },
  { key: 'parentId', header: t('col.parent'), value: (r) => r.parentId },
];

export function register(program: Command): void {
  const org = program.command('org').description(t('cmd.org'));
  org
    .command('list')
    .alias('ls')
    .description(t('cmd.org.list'))
    .action(async (_opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const orgs = await ctx.call((client) => client.orgs());
      const current = ctx.sessionStore().getOrgId();
      const all = columns();
      await writeRecords(
        ctx.recordOutput(all, all),
        orgs.map((o) => ({ ...o, current: o.id === current })),
      );
    });
}
