import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Language, RuntimeConfig, SessionStore } from '@liftcloud/client';
import { ConsoleApp } from '../app/ConsoleApp';
import type { WebCatalogue } from '../i18n/catalogues/en-US';
import { DAYJS_LOCALE } from '../i18n/antdLocale';
import { setupI18n } from '../i18n/setup';
import { preloadScreensFor } from '../routes/router';
import { createClient } from './createClient';
import { installGlobalErrorHandlers } from './globalErrors';

export interface BootInputs {
  session: SessionStore;
  language: Language;
  /** Started by main.tsx before this module's chunks were fetched: they travel in parallel. */
  config: Promise<RuntimeConfig>;
  antdLocale: Promise<Locale>;
  catalogue: Promise<WebCatalogue>;
  messages: Promise<void>;
}

/** The console proper: once the runtime config and the language's texts are in, one client and the app. */
export async function start(inputs: BootInputs): Promise<void> {
  installGlobalErrorHandlers();
  preloadScreensFor(location.pathname);
  const { session, language } = inputs;
  const [config, antdLocale] = await Promise.all([
    inputs.config,
    inputs.antdLocale,
    inputs.catalogue.then((catalogue) => setupI18n(language, catalogue)),
    inputs.messages,
  ]);
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
