import type { ImportMessageKey } from './messages.js';

/** A file refused as a whole (not an xlsx, too large, a zip bomb, formulas): answered with a 4xx and nothing written. */
export class ImportFileError extends Error {
  constructor(
    readonly status: number,
    readonly key: ImportMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'ImportFileError';
  }
}

/** One problem of one spreadsheet row, located by row number and column, in the request's language. */
export interface RowError {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  /** The column's label in the request language (or the header text as written, for unknown columns). */
  column: string;
  field: string;
  rule: string;
  message: string;
}
