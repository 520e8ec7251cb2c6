import { readFile } from 'node:fs/promises';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';

/**
 * A file the user named, read whole; a missing file, a folder or one the user may not read is a usage error
 * (exit 2) that says so in the user's language, instead of Node's "ENOENT: no such file or directory, open …".
 */
export async function readInputFile(file: string): Promise<Buffer<ArrayBuffer>> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new CliError(fileProblem(file, error), EXIT.usage);
  }
}

/** The sentence for a file that could not be read. */
export function fileProblem(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return t('file.missing', { file });
  if (code === 'EISDIR') return t('file.isFolder', { file });
  if (code === 'EACCES' || code === 'EPERM') return t('file.denied', { file });
  return t('file.unreadable', { file, reason: (error as Error).message });
}
