import { t, type CliMessageKey } from './index.js';

/** Commander's usage errors (English text built inside commander) and the catalogue keys that say them. */
const PATTERNS: [RegExp, CliMessageKey][] = [
  [/^error: unknown option '(?<name>[^']+)'/, 'usage.unknownOption'],
  [/^error: unknown command '(?<name>[^']+)'/, 'usage.unknownCommand'],
  [/^error: missing required argument '(?<name>[^']+)'/, 'usage.missingArgument'],
  [/^error: option '(?<name>[^']+)' argument missing/, 'usage.optionMissingArgument'],
  [
    /^error: option '(?<name>[^']+)' argument '(?<value>[^']*)' is invalid\. Allowed choices are (?<choices>.+)\./,
    'usage.badChoice',
  ],
  [/^error: too many arguments/, 'usage.tooManyArguments'],
];
const SUGGESTION = /\(Did you mean (?<name>[^?]+)\?\)/;

/** A commander error line in the reader's language; text it does not recognise passes unchanged. */
export function localiseCommanderError(text: string): string {
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const suggestion = SUGGESTION.exec(text)?.groups?.name;
    const line = t(key, { ...match.groups });
    return `${line}${suggestion ? `\n${t('usage.didYouMean', { name: suggestion })}` : ''}\n`;
  }
  return text;
}
