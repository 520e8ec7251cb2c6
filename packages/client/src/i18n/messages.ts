import { enUS, type MessageKey } from './en-US.js';
import { itItaly } from './it-Italy.js';
import type { Language } from './languages.js';
import { zhCN } from './zh-CN.js';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

const CATALOGUES: Record<Language, Record<MessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'it-Italy': itItaly,
};

/** A catalogue message in one language with its {placeholders} filled in. */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = CATALOGUES[language][key] ?? enUS[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function isMessageKey(value: string): value is MessageKey {
  return value in enUS;
}
