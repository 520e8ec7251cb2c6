/** One column of tabular output: a key for csv/scripts, a header for people, and how to show a value. */
export interface Column<R = Record<string, unknown>> {
  key: string;
  header: string;
  /** The value for scripts (json, csv): as the server sent it. */
  value(row: R): unknown;
  /** The value for people (tables), when it differs: an enum's label rather than its code. */
  display?(row: R): unknown;
}

export const shown = <R>(column: Column<R>, row: R): unknown => (column.display ?? column.value)(row);

/** A cell as text: null and undefined empty, lists joined, objects as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Columns for plain objects with nothing better known: every key of the rows, in first-seen order. */
export function columnsFromRows(rows: Record<string, unknown>[]): Column[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys].map((key) => ({ key, header: key, value: (row) => row[key] }));
}
