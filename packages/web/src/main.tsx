import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/ConsoleApp';
import { createClient } from './boot/createClient';
import { installGlobalErrorHandlers } from './boot/globalErrors';
import { fetchRuntimeConfig } from './boot/runtimeConfig';
import { createBrowserSessionStore } from './boot/sessionStore';
import { DAYJS_LOCALE, loadAntdLocale } from './i18n/antdLocale';
import { setupI18n } from './i18n/setup';
import { preloadScreensFor } from './routes/router';
import './styles.css';

/** Boot: runtime config, language and antd texts in parallel, then one client for the page's life. */
async function boot(): Promise<void> {
  installGlobalErrorHandlers();
  preloadScreensFor(location.pathname);
  const session = createBrowserSessionStore();
  const language = session.getLanguage() ?? 'zh-CN';
  const [config, antdLocale] = await Promise.all([fetchRuntimeConfig(), loadAntdLocale(language), setupI18n(language)]);
  dayjs.locale(DAYJS_LOCALE[language]);
  const client = createClient(config, session);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp client={client} config={config} language={language} antdLocale={antdLocale} />
    </StrictMode>,
  );
}

void boot();
