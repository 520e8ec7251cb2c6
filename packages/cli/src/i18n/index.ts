import { languages, type Language } from '../client-light.js';
import { loadCatalogue } from './catalogues.js';
import type { CliMessageKey } from './en-US.js';

export type { CliMessageKey, Language };

/** The catalogues read so far: the current language's on its first message, en-US only for a key it lacks. */
const loaded = new Map<Language, Record<CliMessageKey, string>>();

function catalogueOf(language: Language): Record<CliMessageKey, string> {
  let found = loaded.get(language);
  if (!found) {
    found = loadCatalogue(language);
    loaded.set(language, found);
  }
  return found;
}

/** The language of the environment: LC_ALL, then LC_MESSAGES, then LANG, resolved by the client's rule. */
export function environmentLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  return languages.resolveLanguage(env.LC_ALL || env.LC_MESSAGES || env.LANG);
}

let current: Language = environmentLanguage();

export function setLanguage(language: Language): void {
  current = language;
}

export function currentLanguage(): Language {
  return current;
}

/** A CLI message in the current language with its {placeholders} filled in. */
export function t(key: CliMessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogueOf(current)[key] ?? catalogueOf('en-US')[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
