import type { Command } from 'commander';
import { t } from '../../i18n/index.js';
import { progressLine } from '../../output/progress.js';
import { recordSink } from '../../output/records.js';
import { writeTo } from '../../output/stream.js';
import { contextFor } from '../options.js';
import { exportColumns } from './columns.js';
import { entityDef, type Row } from './definition.js';
import { queryFrom } from './filters.js';

/** `<entity> export`: every record matching the filters, CSV headed by column labels unless -o says otherwise. */
export async function exportAction(entity: string, opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = queryFrom(def, opts);
  const columns = exportColumns(def);
  const output = { ...ctx.recordOutput(columns, columns, 'csv'), csvHeaders: 'header' as const };
  // Spreadsheets read UTF-8 CSV (Chinese names) correctly only after a byte-order mark.
  if (output.format === 'csv' && opts.bom !== false) await writeTo(process.stdout, '\ufeff');
  const sink = recordSink(output);
  const progress = progressLine();
  let count = 0;
  await ctx.call(
    async (client) => {
      for await (const row of client.crud<Row>(def.path).all(filters)) {
        await sink.write(row);
        progress.update(t('entity.fetched', { count: ++count }));
      }
    },
    { spinner: false },
  );
  progress.done();
  await sink.end();
}
