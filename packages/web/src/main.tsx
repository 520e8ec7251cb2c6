import { loadMessages } from '@liftcloud/client';
import { fetchRuntimeConfig } from './boot/runtimeConfig';
import { createBrowserSessionStore } from './boot/sessionStore';
import { loadAntdLocale, loadDayjsLocale } from './i18n/antdLocale';
import { loadCatalogue, loadLoginTexts } from './i18n/catalogues';
import { LOGIN_PATH } from './routes/paths';
import './styles.css';

/**
 * Boot, kept small on purpose: the runtime config and the language's texts are asked for at once, while the
 * console's own chunks (boot/start.tsx: React, antd, the router, the client) download beside them; before,
 * the config and texts waited for every one of those chunks to load and run (B6, docs/console-chunks.md).
 */
const session = createBrowserSessionStore();
const language = session.getLanguage() ?? 'zh-CN';
const atLogin = location.pathname === LOGIN_PATH;
const inputs = {
  session,
  language,
  config: fetchRuntimeConfig(),
  antdLocale: loadAntdLocale(language),
  texts: loadLoginTexts(language),
  // the client's messages (API errors, validation) in this language only
  messages: loadMessages(language),
  // the console's whole catalogue and dayjs: at once at any address but /login, whose page needs neither
  ...(atLogin ? {} : { catalogue: loadCatalogue(language), dayjsLocale: loadDayjsLocale(language) }),
};
// A page opened at /login starts the login shell (no router); any other address, the console.
if (atLogin) void import('./boot/startLogin').then(({ startLogin }) => startLogin(inputs));
else void import('./boot/start').then(({ start }) => start(inputs));
