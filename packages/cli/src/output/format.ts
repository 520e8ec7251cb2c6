import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';

/** table: readable columns; wide: every column; json, jsonl, csv, yaml: for scripts. */
export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'jsonl', 'csv', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function parseFormat(value: string | undefined, fallback: OutputFormat = 'table'): OutputFormat {
  if (value === undefined) return fallback;
  if ((OUTPUT_FORMATS as readonly string[]).includes(value)) return value as OutputFormat;
  throw new CliError(t('output.unknownFormat', { value }), EXIT.usage);
}
