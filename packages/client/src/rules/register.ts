import Format from 'typebox/format';
import { FORMAT_RULES } from './formats.js';

let registered = false;

/** Teach TypeBox our formats; every validator in the client and server goes through here once. */
export function registerFormats(): void {
  if (registered) return;
  for (const r of FORMAT_RULES) Format.Set(r.format, (value: string) => r.test(value));
  registered = true;
}
