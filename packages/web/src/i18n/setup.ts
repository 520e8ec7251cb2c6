import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@liftcloud/client';
import type { WebCatalogue } from './catalogues/en-US';

/** i18next reads "it-Italy" as a language with region "ITALY" and finds nothing: it gets a BCP 47 code. */
const I18NEXT_CODES: Record<Language, string> = { 'zh-CN': 'zh-CN', 'en-US': 'en-US', 'it-Italy': 'it-IT' };

/** i18next with the active language's catalogue (i18n/catalogues.ts, fetched by the boot in parallel). */
export async function setupI18n(language: Language, catalogue: WebCatalogue): Promise<void> {
  const code = I18NEXT_CODES[language];
  await i18next.use(initReactI18next).init({
    lng: code,
    fallbackLng: false,
    resources: { [code]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = code;
}
