import type { Language } from '@liftcloud/client';
import type { LoginTexts } from './catalogues/en-US';

/** i18next reads "it-Italy" as a language with region "ITALY" and finds nothing: it gets a BCP 47 code. */
export const LANGUAGE_TAGS: Record<Language, string> = { 'zh-CN': 'zh-CN', 'en-US': 'en-US', 'it-Italy': 'it-IT' };

type Section = keyof LoginTexts;
/** A text of the shell or the login page: 'login.username', 'shell.hint'. */
export type TextKey = { [S in Section]: `${S}.${keyof LoginTexts[S] & string}` }[Section];

let catalogue: LoginTexts | null = null;

/** The active language's shell and login texts (catalogues/login/, a part of the catalogue i18next gets). */
export function setTexts(language: Language, texts: LoginTexts): void {
  catalogue = texts;
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

/**
 * A text with its {{placeholders}} filled in, without i18next: what the login page and the error reports
 * need, so a page opened at /login does not download i18next (B6, docs/console-chunks.md). The screens of
 * the console proper use i18next's `t` over the same catalogue.
 */
export function text(key: TextKey, params: Record<string, string | number> = {}): string {
  const [section, name] = key.split('.') as [Section, string];
  const template = (catalogue?.[section] as Record<string, string> | undefined)?.[name] ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, param: string) =>
    param in params ? String(params[param]) : whole,
  );
}
