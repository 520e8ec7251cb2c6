import { cellText, shown, type Column } from './columns.js';
import { bold } from './style.js';
import { displayWidth, padEnd, truncate } from './width.js';

export interface TableOptions {
  color: boolean;
  /** Cut cells wider than this (terminal output); undefined keeps them whole. */
  maxCellWidth?: number;
  /** The terminal's width: columns are narrowed, then dropped from the right, to fit it. */
  maxTableWidth?: number;
}

const GAP = 2;
/** A column is not narrowed below this to fit a terminal; past that, columns on the right are dropped. */
const MIN_COLUMN = 8;

/** Widths that fit the terminal: narrow the widest columns first, then drop the rightmost. */
function fitWidths(widths: number[], maxTableWidth: number | undefined): number[] {
  const fitted = [...widths];
  if (!maxTableWidth) return fitted;
  const total = () => fitted.reduce((sum, w) => sum + w, 0) + GAP * (fitted.length - 1);
  while (fitted.length > 1 && total() > maxTableWidth) {
    const widest = fitted.indexOf(Math.max(...fitted));
    if ((fitted[widest] ?? 0) > MIN_COLUMN)
      fitted[widest] = Math.max(MIN_COLUMN, (fitted[widest] ?? 0) - (total() - maxTableWidth));
    else fitted.pop();
  }
  return fitted;
}

/** Rows as an aligned table with a header line, columns separated by two spaces, wide characters counted. */
export function renderTable<R>(allColumns: Column<R>[], rows: R[], options: TableOptions): string {
  const cellsOf = (row: R) =>
    allColumns.map((c) => {
      const text = cellText(shown(c, row)).replace(/\s*\n\s*/g, ' ');
      return options.maxCellWidth ? truncate(text, options.maxCellWidth) : text;
    });
  const allCells = rows.map(cellsOf);
  const natural = allColumns.map((c, i) =>
    Math.max(displayWidth(c.header), ...allCells.map((r) => displayWidth(r[i] ?? ''))),
  );
  const widths = fitWidths(natural, options.maxTableWidth);
  const line = (values: string[]) =>
    widths
      .map((w, i) => {
        const text = truncate(values[i] ?? '', w);
        return i === widths.length - 1 ? text : padEnd(text, w);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const header = line(allColumns.map((c) => c.header.toUpperCase()));
  return [bold(header, options.color), ...allCells.map(line)].join('\n') + '\n';
}

/** One record as "Label: value" lines, labels aligned: `get` on a terminal. */
export function renderRecord<R>(columns: Column<R>[], row: R, options: TableOptions): string {
  const width = Math.max(...columns.map((c) => displayWidth(c.header)));
  return (
    columns.map((c) => `${bold(padEnd(c.header, width), options.color)}  ${cellText(shown(c, row))}`).join('\n') + '\n'
  );
}
