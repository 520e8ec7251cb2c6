import type { MessageKey } from './en-US.js';
import type { Language } from './languages.js';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;
export type Catalogue = Record<MessageKey, string>;

/**
 * The catalogues in use. Node (server, CLI) has all three from i18n/messages.ts; the console loads only its
 * language's (loadMessages, at boot), so /login does not download the other two (B6, docs/console-chunks.md).
 */
const CATALOGUES: Partial<Record<Language, Catalogue>> = {};

export function registerMessages(language: Language, catalogue: Catalogue): void {
  CATALOGUES[language] = catalogue;
}

const LOADERS: Record<Language, () => Promise<Catalogue>> = {
  'zh-CN': () => import('./zh-CN.js').then((m) => m.zhCN),
  'en-US': () => import('./en-US.js').then((m) => m.enUS),
  'it-Italy': () => import('./it-Italy.js').then((m) => m.itItaly),
};

/** Loads one language's catalogue (the console's, before its first render). */
export async function loadMessages(language: Language): Promise<void> {
  CATALOGUES[language] ??= await LOADERS[language]();
}

/**
 * A catalogue message in one language with its {placeholders} filled in: en-US where that language's
 * catalogue is not loaded, the key itself where none is.
 */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = CATALOGUES[language]?.[key] ?? CATALOGUES['en-US']?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
