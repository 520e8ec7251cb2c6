/** Interface languages (console-shell.md §9). The codes are the ones the console sends in Accept-Language. */
export const LANGUAGES = ['zh-CN', 'en-US', 'it-Italy'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** A text in every interface language. */
export type Localized = Record<Language, string>;

/** A text in the three languages: L('电梯', 'Elevator', 'Ascensore'). */
export const L = (zh: string, en: string, it: string): Localized => ({ 'zh-CN': zh, 'en-US': en, 'it-Italy': it });

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language for an Accept-Language header or a browser/OS locale:
 * an exact code wins, then its primary subtag (zh → zh-CN, en → en-US, it → it-Italy), else zh-CN.
 */
export function resolveLanguage(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (isLanguage(tag)) return tag;
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en-US';
    if (primary === 'it') return 'it-Italy';
  }
  return DEFAULT_LANGUAGE;
}

/** The console's first-visit language: zh-CN, or English when the browser language starts with en (§9). */
export function browserDefaultLanguage(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LANGUAGE;
}

/** Chinese is the only language in which 'China only' menu items show (§2.2). */
export function isChinese(language: Language): boolean {
  return language === 'zh-CN';
}
