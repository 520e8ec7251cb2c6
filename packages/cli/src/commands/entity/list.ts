import type { Command } from 'commander';
import { currentLanguage, t } from '../../i18n/index.js';
import { say } from '../../output/messages.js';
import { progressLine } from '../../output/progress.js';
import { recordSink } from '../../output/records.js';
import { terminal } from '../../output/terminal.js';
import { contextFor } from '../options.js';
import { tableColumns, wideColumns } from './columns.js';
import { entityDef, labelOf, type Row } from './definition.js';
import { queryFrom } from './filters.js';
import { LIST_EXTRAS } from './list-extras.js';
import { watchInterval, watchList } from './watch.js';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';

export interface ListOptions {
  all?: boolean;
  [flag: string]: unknown;
}

/** `<entity> list`: one page as asked, or every page with --all, written as the rows arrive. */
export async function listAction(entity: string, opts: ListOptions, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const query = { ...queryFrom(def, opts), ...LIST_EXTRAS[entity]?.query(opts) };
  if (opts.watch) {
    if (opts.all) throw new CliError(t('watch.notAll'), EXIT.usage);
    const intervalMs = watchInterval(opts.interval);
    const columns = ctx.format() === 'wide' ? wideColumns(def) : tableColumns(def);
    const read = () =>
      ctx.call(async (client) => (await client.crud<Row>(def.path).list(query)).records, { spinner: false });
    return watchList(ctx, read, columns, { intervalMs, label: labelOf(def) });
  }
  const sink = recordSink(ctx.recordOutput(tableColumns(def), wideColumns(def)));
  const table = ctx.format() === 'table' || ctx.format() === 'wide';
  let pageNote: string | undefined;
  await ctx.call(
    async (client) => {
      const calls = client.crud<Row>(def.path);
      if (opts.all) {
        const progress = progressLine();
        let count = 0;
        const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
        for await (const row of calls.all(filters)) {
          await sink.write(row);
          progress.update(t('entity.fetched', { count: ++count }));
        }
        progress.done();
      } else {
        const page = await calls.list(query);
        for (const row of page.records) await sink.write(row);
        pageNote =
          page.total === 0
            ? t('entity.none', { label: labelOf(def) })
            : page.totalEstimated
              ? t('entity.pageAbout', {
                  pageNo: page.pageNo,
                  pages: page.pages.toLocaleString(currentLanguage()),
                  total: page.total.toLocaleString(currentLanguage()),
                })
              : t('entity.page', { pageNo: page.pageNo, pages: page.pages, total: page.total });
      }
    },
    { spinner: !opts.all },
  );
  await sink.end();
  if (pageNote && table && terminal().stderrIsTTY) say.info(pageNote);
}
