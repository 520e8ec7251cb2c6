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

export async function setupI18n(language: Language): Promise<void> {
  const catalogue = await CATALOGUE_LOADERS[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language === 'it-Italy' ? 'it' : language;
}
