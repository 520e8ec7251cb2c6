import type { Command } from 'commander';
import { t } from '../../i18n/index.js';
import { say } from '../../output/messages.js';
import { progressLine } from '../../output/progress.js';
import { recordSink, type RecordSink } from '../../output/records.js';
import { writeTo } from '../../output/stream.js';
import { writeXlsx } from '../../output/xlsx.js';
import { contextFor } from '../options.js';
import { exportColumns } from './columns.js';
import { entityDef, type Row } from './definition.js';
import { queryFrom } from './query.js';

/**
 * `<entity> export`: every record matching the filters, headed by column labels: CSV on stdout unless -o
 * says otherwise, or an .xlsx file with --xlsx FILE.
 */
export async function exportAction(entity: string, opts: Record<string, unknown>, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = queryFrom(def, opts);
  const columns = exportColumns(def);
  const xlsxPath = typeof opts.xlsx === 'string' ? opts.xlsx : undefined;
  const rows: Row[] = [];
  let sink: RecordSink<Row>;
  if (xlsxPath) {
    sink = { write: async (row) => void rows.push(row), end: () => writeXlsx(xlsxPath, columns, rows) };
  } else {
    const output = { ...ctx.recordOutput(columns, columns, 'csv'), csvHeaders: 'header' as const };
    // Spreadsheets read UTF-8 CSV (Chinese names) correctly only after a byte-order mark.
    if (output.format === 'csv' && opts.bom !== false) await writeTo(process.stdout, '\ufeff');
    sink = recordSink(output);
  }
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
  if (xlsxPath) say.info(t('entity.exported', { count, path: xlsxPath }));
}
