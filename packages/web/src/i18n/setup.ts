import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@liftcloud/client';
import type { WebCatalogue } from './catalogues/en-US';

/** Only the active language's catalogue is downloaded: a language change reloads the page. */
const CATALOGUE_LOADERS: Record<Language, () => Promise<WebCatalogue>> = {
  'zh-CN': () => import('./catalogues/zh-CN').then((m) => m.zhCN),
  'en-US': () => import('./catalogues/en-US').then((m) => m.enUS),
  'it-Italy': () => import('./catalogues/it-Italy').then((m) => m.itItaly),
};

/** i18next reads "it-Italy" as a language with region "ITALY" and finds nothing: it gets a BCP 47 code. */
const I18NEXT_CODES: Record<Language, string> = { 'zh-CN': 'zh-CN', 'en-US': 'en-US', 'it-Italy': 'it-IT' };

export async function setupI18n(language: Language): Promise<void> {
  const catalogue = await CATALOGUE_LOADERS[language]();
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
