import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';

/** A record id from the command line: a positive whole number. */
export function parseId(value: string): number {
  const id = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1)
    throw new CliError(t('entity.badId', { value }), EXIT.usage);
  return id;
}

export const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
