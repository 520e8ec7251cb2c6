import type { Writable } from 'node:stream';
import type { Column } from './columns.js';
import { csvLine } from './csv.js';
import type { OutputFormat } from './format.js';
import { writeTo } from './stream.js';
import { renderRecord, renderTable } from './table.js';

export interface RecordOutputOptions<R> {
  format: OutputFormat;
  /** The columns a person sees in `table`. */
  columns: Column<R>[];
  /** Every column: `wide`, and the csv header. */
  wideColumns: Column<R>[];
  out: Writable;
  color: boolean;
  /** The csv header line: field keys for scripts (the default) or the column headers people read. */
  csvHeaders?: 'key' | 'header';
  /** Cut table cells to this many terminal cells (a terminal); undefined keeps them whole. */
  maxCellWidth?: number;
  /** Fit the table to this width (the terminal's); undefined does not fit. */
  maxTableWidth?: number;
}

/** Where list rows go: written as they come for json, jsonl and csv; gathered first for aligned tables and yaml. */
export interface RecordSink<R> {
  write(row: R): Promise<void>;
  end(): Promise<void>;
}

export function recordSink<R>(opts: RecordOutputOptions<R>): RecordSink<R> {
  const { format, out } = opts;
  const rows: R[] = [];
  let count = 0;
  switch (format) {
    case 'jsonl':
      return { write: (row) => writeTo(out, `${JSON.stringify(row)}\n`), end: async () => {} };
    case 'json':
      return {
        write: (row) => writeTo(out, `${count++ === 0 ? '[\n' : ',\n'}${indent(JSON.stringify(row, null, 2))}`),
        end: () => writeTo(out, count === 0 ? '[]\n' : '\n]\n'),
      };
    case 'csv':
      return {
        write: async (row) => {
          if (count++ === 0) await writeTo(out, csvLine(csvHeader(opts)));
          await writeTo(out, csvLine(opts.wideColumns.map((c) => c.value(row))));
        },
        end: () => (count === 0 ? writeTo(out, csvLine(csvHeader(opts))) : Promise.resolve()),
      };
    case 'yaml':
      return {
        write: async (row) => void rows.push(row),
        end: async () => {
          const { stringify } = await import('yaml');
          await writeTo(out, stringify(rows));
        },
      };
    case 'table':
    case 'wide':
      return {
        write: async (row) => void rows.push(row),
        end: () => {
          const columns = format === 'wide' ? opts.wideColumns : opts.columns;
          const fit = format === 'wide' ? {} : { maxCellWidth: opts.maxCellWidth, maxTableWidth: opts.maxTableWidth };
          return rows.length === 0
            ? Promise.resolve()
            : writeTo(out, renderTable(columns, rows, { color: opts.color, ...fit }));
        },
      };
  }
}

const csvHeader = <R>(opts: RecordOutputOptions<R>) =>
  opts.wideColumns.map((c) => (opts.csvHeaders === 'header' ? c.header : c.key));

const indent = (json: string) => json.replace(/^/gm, '  ');

/** Write a whole list at once. */
export async function writeRecords<R>(opts: RecordOutputOptions<R>, rows: Iterable<R>): Promise<void> {
  const sink = recordSink(opts);
  for (const row of rows) await sink.write(row);
  await sink.end();
}

/** One record: label/value lines on a terminal, the object itself for scripts. */
export async function writeRecord<R>(opts: RecordOutputOptions<R>, row: R): Promise<void> {
  const { format, out } = opts;
  switch (format) {
    case 'table':
    case 'wide':
      return writeTo(
        out,
        renderRecord(format === 'wide' ? opts.wideColumns : opts.columns, row, { color: opts.color }),
      );
    case 'json':
      return writeTo(out, `${JSON.stringify(row, null, 2)}\n`);
    case 'jsonl':
      return writeTo(out, `${JSON.stringify(row)}\n`);
    case 'csv':
      return writeTo(out, csvLine(csvHeader(opts)) + csvLine(opts.wideColumns.map((c) => c.value(row))));
    case 'yaml': {
      const { stringify } = await import('yaml');
      return writeTo(out, stringify(row));
    }
  }
}
