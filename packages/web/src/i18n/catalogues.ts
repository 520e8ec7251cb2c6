import type { Language } from '@liftcloud/client';
import type { WebCatalogue } from './catalogues/en-US';

/** Only the active language's catalogue is downloaded: a language change reloads the page. */
const CATALOGUE_LOADERS: Record<Language, () => Promise<WebCatalogue>> = {
  'zh-CN': () => import('./catalogues/zh-CN').then((m) => m.zhCN),
  'en-US': () => import('./catalogues/en-US').then((m) => m.enUS),
  'it-Italy': () => import('./catalogues/it-Italy').then((m) => m.itItaly),
};

export const loadCatalogue = (language: Language): Promise<WebCatalogue> => CATALOGUE_LOADERS[language]();
