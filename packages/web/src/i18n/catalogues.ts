import type { Language } from '@liftcloud/client';
import type { LoginTexts, WebCatalogue } from './catalogues/en-US';

/** Only the active language's catalogue is downloaded: a language change reloads the page. */
const CATALOGUE_LOADERS: Record<Language, () => Promise<WebCatalogue>> = {
  'zh-CN': () => import('./catalogues/zh-CN').then((m) => m.zhCN),
  'en-US': () => import('./catalogues/en-US').then((m) => m.enUS),
  'it-Italy': () => import('./catalogues/it-Italy').then((m) => m.itItaly),
};

export const loadCatalogue = (language: Language): Promise<WebCatalogue> => CATALOGUE_LOADERS[language]();

/**
 * The shell's and the login page's texts alone (a part of the catalogue, which includes them): what a page
 * opened at /login downloads instead of the whole catalogue (B6, docs/console-chunks.md).
 */
const LOGIN_TEXT_LOADERS: Record<Language, () => Promise<LoginTexts>> = {
  'zh-CN': () => import('./catalogues/login/zh-CN').then((m) => m.zhCNLogin),
  'en-US': () => import('./catalogues/login/en-US').then((m) => m.enUSLogin),
  'it-Italy': () => import('./catalogues/login/it-Italy').then((m) => m.itItalyLogin),
};

export const loadLoginTexts = (language: Language): Promise<LoginTexts> => LOGIN_TEXT_LOADERS[language]();
