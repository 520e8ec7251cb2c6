import { EXIT, type ExitName } from '../exit-codes.js';
import { t, type CliMessageKey } from '../i18n/index.js';

/** `liftctl help exit-codes`: each code with what it means, in the reader's language. */
export function exitCodeLines(): string[] {
  return (Object.entries(EXIT) as [ExitName, number][]).map(
    ([name, code]) => `${String(code).padStart(3)}  ${t(`exit.${name}` as CliMessageKey)}`,
  );
}

export function printExitCodes(): void {
  process.stdout.write(`${exitCodeLines().join('\n')}\n`);
}
