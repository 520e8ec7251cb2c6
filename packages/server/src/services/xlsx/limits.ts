/**
 * The bounds of an xlsx import (docs/decisions.md, "Imports and exports"). Every one is enforced before or
 * while the file is read, so a hostile file costs at most these and the server goes on.
 */
export interface ImportLimits {
  /** Upload size, enforced while the multipart stream is read. */
  maxBytes: number;
  /** Data rows (the header row not counted). */
  maxRows: number;
  /** Characters in one cell; longer cells refuse the whole file (far beyond any field's own limit). */
  maxCellChars: number;
  /** Columns in the header row. */
  maxColumns: number;
  /** The unpacked size of the XML parts the reader opens (sheet, shared strings, styles), all together. */
  maxUnpackedBytes: number;
  /** Entries in the ZIP archive. */
  maxEntries: number;
  /** The parse worker's JavaScript heap (resourceLimits.maxOldGenerationSizeMb). */
  workerHeapMb: number;
  /** Wall time of an import from its upload's first byte (upload, parse and store) before it is cut off. */
  workerTimeoutMs: number;
  /** Field problems listed in one answer; the count of all of them is given beside. */
  maxReportedErrors: number;
  /** Imports at once on this server, from the upload's first byte to the answer; one more answers 429. */
  maxConcurrent: number;
  /** Imports at once of one tenant, so one tenant never holds every slot (services/xlsx/slots.ts). */
  maxPerTenant: number;
  /**
   * Bytes of .xlsx files being parsed at once on this server, all tenants together: a larger total waits its
   * turn, so the memory of imports at once is bounded, not only each one's (services/xlsx/slots.ts).
   */
  parseBudgetBytes: number;
  /** Good rows the worker hands to the store step at a time (tests make it small to cross batches). */
  batchRows: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  maxCellChars: 2_000,
  maxColumns: 200,
  maxUnpackedBytes: 256 * 1024 * 1024,
  maxEntries: 1_000,
  workerHeapMb: 512,
  workerTimeoutMs: 120_000,
  maxReportedErrors: 1_000,
  maxConcurrent: 4,
  maxPerTenant: 2,
  parseBudgetBytes: 12 * 1024 * 1024,
  batchRows: 1_000,
};

/** Rows in one export; a larger selection is refused with a hint to narrow the filters. */
export const DEFAULT_EXPORT_MAX_ROWS = 200_000;
