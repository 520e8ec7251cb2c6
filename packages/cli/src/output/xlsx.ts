import type { Column } from './columns.js';
import { cellText } from './columns.js';

/** A value as a spreadsheet cell: numbers and booleans as such, lists joined, objects as JSON, empty as empty. */
function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return cellText(value);
}

/** Rows into an .xlsx file: one sheet, a bold header of column labels. Loads the writer only when used. */
export async function writeXlsx<R>(path: string, columns: Column<R>[], rows: R[]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const body = rows.map((row) => columns.map((c) => cell(c.value(row))));
  await writeXlsxFile([header, ...body]).toFile(path);
}
