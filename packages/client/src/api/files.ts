import type { EntityName } from '../entities/index.js';
import { ENTITY_PATHS } from '../entities/paths.js';
import type { HttpClient, Query } from '../http/client.js';
import type { FieldError } from '../http/envelope.js';
import { callOperation } from '../operations/call.js';
import { exportPath } from '../operations/entity-paths.js';
import type { EntityDef, Fields } from '../schema/entity.js';
import type { ImportAnswer } from '../operations/entity.js';

/** The entities that take an xlsx import (the server's POST {path}/import). */
export const IMPORTABLE_ENTITIES = [
  'netApply',
  'elevator',
  'gatewayDevice',
  'maintenancePlan',
] as const satisfies readonly EntityName[];
export type ImportableEntity = (typeof IMPORTABLE_ENTITIES)[number];

/**
 * One bad row of a refused import, as ApiError.fieldErrors carries it (key `import.invalidRows`): the
 * spreadsheet row number, the column's label and the reason, in the request's language.
 */
export interface ImportRowError extends FieldError {
  row: number;
  column: string;
}

/** An import of 100,000 rows takes a while: this call waits longer than others. */
export const IMPORT_TIMEOUT_MS = 300_000;

export interface UploadOptions {
  /** Check every row and answer the counts without writing anything. */
  dryRun?: boolean;
  /** The file's name when the Blob has none (a File has its own). */
  fileName?: string;
  signal?: AbortSignal;
}

/**
 * An entity's import and export declarations, loaded with its definition when first used (not with the
 * client). Its records untyped: an import answers counts and an export a file, whatever the entity.
 */
async function operationsOf(entity: EntityName) {
  const [{ ENTITIES }, { entityOperations }] = await Promise.all([
    import('../entities/index.js'),
    import('../operations/entity.js'),
  ]);
  return entityOperations<Fields>(ENTITIES[entity] as EntityDef<Fields>);
}

/**
 * xlsx imports and exports, the same calls for the console (a File from an input) and the CLI (a Blob read
 * from disk: `new Blob([await readFile(p)])`). A refused import throws ApiError whose fieldErrors are
 * ImportRowError entries.
 */
export function fileCalls(http: HttpClient) {
  return {
    imports: {
      async upload(entity: ImportableEntity, file: Blob, opts: UploadOptions = {}): Promise<ImportAnswer> {
        const form = new FormData();
        const named = (file as Blob & { name?: string }).name;
        form.append('file', file, opts.fileName ?? (named || `${entity}.xlsx`));
        return callOperation(http, (await operationsOf(entity)).import, {
          query: { dryRun: opts.dryRun ? 'true' : 'false' },
          body: form,
          timeoutMs: IMPORT_TIMEOUT_MS,
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
      },
    },
    exports: {
      /** The export URL with the list's filters (it needs the Authorization header: fetch it, or use download). */
      url: (entity: EntityName, query: Query = {}): string => http.url(exportPath(ENTITY_PATHS[entity]), query),
      /** The .xlsx of every visible row matching the list's filters, and the name the server gave it. */
      download: async (entity: EntityName, query: Query = {}, opts: { signal?: AbortSignal } = {}) =>
        callOperation(http, (await operationsOf(entity)).export, { query, timeoutMs: IMPORT_TIMEOUT_MS, ...opts }),
    },
  };
}
