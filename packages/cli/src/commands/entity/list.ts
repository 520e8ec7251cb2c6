import { crud } from '@liftcloud/client';
import type { Command } from 'commander';
import type { EntityShape } from '../../entities/shape.js';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { currentLanguage, t } from '../../i18n/index.js';
import { say } from '../../output/messages.js';
import { progressLine } from '../../output/progress.js';
import { recordSink } from '../../output/records.js';
import { terminal } from '../../output/terminal.js';
import { contextFor } from '../options.js';
import { showsOf, tableColumns, wideColumns } from './columns.js';
import { listQuery } from './filters.js';
import { labelOf, type Row } from './labels.js';
import { LIST_EXTRAS } from './list-extras.js';
import { watchInterval, watchList } from './watch.js';

export interface ListOptions {
  all?: boolean;
  [flag: string]: unknown;
}

/**
 * `<entity> list`: one page as asked, or every page with --all, written as the rows arrive. Runs from the entity's
 * shape through the client's plain HTTP calls: no schema loads unless a filter is checked or a table shows a
 * value through the definition.
 */
export async function listAction(shape: EntityShape, opts: ListOptions, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const query = { ...(await listQuery(shape, opts)), ...LIST_EXTRAS[shape.name]?.query(opts) };
  const format = ctx.format();
  const table = format === 'table' || format === 'wide';
  const shows = table ? await showsOf(shape) : {};
  if (opts.watch) {
    if (opts.all) throw new CliError(t('watch.notAll'), EXIT.usage);
    const intervalMs = watchInterval(opts.interval);
    const columns = format === 'wide' ? wideColumns(shape, shows) : tableColumns(shape, shows);
    const read = () =>
      ctx.httpCall(async (http) => (await crud<Row>(http, shape.path).list(query)).records, { spinner: false });
    return watchList(ctx, read, columns, { intervalMs, label: labelOf(shape) });
  }
  const sink = recordSink(ctx.recordOutput(tableColumns(shape, shows), wideColumns(shape, shows)));
  let pageNote: string | undefined;
  await ctx.httpCall(
    async (http) => {
      const calls = crud<Row>(http, shape.path);
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
            ? t('entity.none', { label: labelOf(shape) })
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
