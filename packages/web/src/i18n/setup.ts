import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@liftcloud/client';
import type { WebCatalogue } from './catalogues/en-US';
import { LANGUAGE_TAGS } from './text';

/** i18next with the active language's catalogue (i18n/catalogues.ts, fetched by the boot in parallel). */
export async function setupI18n(language: Language, catalogue: WebCatalogue): Promise<void> {
  const code = LANGUAGE_TAGS[language];
  await i18next.use(initReactI18next).init({
    lng: code,
    fallbackLng: false,
    resources: { [code]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = code;
}
