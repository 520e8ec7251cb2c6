import { cellText, shown, type Column } from './columns.js';
import { bold } from './style.js';
import { displayWidth, padEnd, truncate } from './width.js';

export interface TableOptions {
  color: boolean;
  /** Cut cells wider than this (terminal output); undefined keeps them whole. */
  maxCellWidth?: number;
}

/** Rows as an aligned table with a header line, columns separated by two spaces, wide characters counted. */
export function renderTable<R>(columns: Column<R>[], rows: R[], options: TableOptions): string {
  const cells = rows.map((row) =>
    columns.map((c) => {
      const text = cellText(shown(c, row)).replace(/\s*\n\s*/g, ' ');
      return options.maxCellWidth ? truncate(text, options.maxCellWidth) : text;
    }),
  );
  const widths = columns.map((c, i) => Math.max(displayWidth(c.header), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : padEnd(v, widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const header = line(columns.map((c) => c.header.toUpperCase()));
  return [bold(header, options.color), ...cells.map(line)].join('\n') + '\n';
}

/** One record as "Label: value" lines, labels aligned: `get` on a terminal. */
export function renderRecord<R>(columns: Column<R>[], row: R, options: TableOptions): string {
  const width = Math.max(...columns.map((c) => displayWidth(c.header)));
  return (
    columns.map((c) => `${bold(padEnd(c.header, width), options.color)}  ${cellText(shown(c, row))}`).join('\n') + '\n'
  );
}
