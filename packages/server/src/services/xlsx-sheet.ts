import type { Readable } from 'node:stream';
import type { Cell } from 'write-excel-file/node';

export type { Cell };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One sheet of cells as an .xlsx stream. The writer is loaded on the first download rather than at start: a
 * server that never exports keeps it out of its memory (bench/import-server-process.ts; docs/decisions.md
 * "Loaded when first used").
 */
export async function xlsxSheetStream(cells: Cell[][], sheetName: string): Promise<Readable> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const file = writeXlsxFile(cells, { sheet: sheetName });
  // the package types toStream on its browser build's Blob answer; on Node it resolves to a Readable
  return (file.toStream as () => Promise<Readable>).call(file);
}
