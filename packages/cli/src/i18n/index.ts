import { languages, type Language } from '../client-light.js';
import { enUS, type CliMessageKey } from './en-US.js';
import { itItaly } from './it-Italy.js';
import { zhCN } from './zh-CN.js';

export type { CliMessageKey, Language };

const CATALOGUES: Record<Language, Record<CliMessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'it-Italy': itItaly,
};

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
  const template = CATALOGUES[current][key] ?? enUS[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
