import type { Locale } from 'antd/es/locale';
import type { Language, RuntimeConfig, SessionStore } from '@liftcloud/client';
import type { LoginTexts, WebCatalogue } from '../i18n/catalogues/en-US';
import { setTexts } from '../i18n/text';
import { installGlobalErrorHandlers } from './globalErrors';

export interface BootInputs {
  session: SessionStore;
  language: Language;
  /** Started by main.tsx before the console's chunks were fetched: they travel in parallel. */
  config: Promise<RuntimeConfig>;
  antdLocale: Promise<Locale>;
  /** The shell's and login page's texts (i18n/text.ts). */
  texts: Promise<LoginTexts>;
  /** The console's whole catalogue, asked for at once at any address but /login (start.tsx gives it to i18next). */
  catalogue?: Promise<WebCatalogue>;
  /** The client's messages (API errors, validation) in this language only. */
  messages: Promise<void>;
  /** dayjs's texts, asked for at once at any address but /login (whose page shows no dates). */
  dayjsLocale?: Promise<void>;
}

export interface Prepared {
  config: RuntimeConfig;
  antdLocale: Locale;
}

let prepared: Promise<Prepared> | null = null;

/**
 * What the login shell and the console both wait for, done once a page: the global error handlers, the
 * runtime config and the language's texts (the shell's and login page's, antd's locale, the client's
 * messages). i18next gets the whole catalogue in the console proper (start.tsx).
 */
export function prepare(inputs: BootInputs): Promise<Prepared> {
  prepared ??= (async () => {
    installGlobalErrorHandlers();
    const [config, antdLocale, texts] = await Promise.all([
      inputs.config,
      inputs.antdLocale,
      inputs.texts,
      inputs.messages,
    ]);
    setTexts(inputs.language, texts);
    return { config, antdLocale };
  })();
  return prepared;
}
