import type { Locale } from 'antd/es/locale';
import type { Language, RuntimeConfig, SessionStore } from '@liftcloud/client';
import type { WebCatalogue } from '../i18n/catalogues/en-US';
import { setupI18n } from '../i18n/setup';
import { installGlobalErrorHandlers } from './globalErrors';

export interface BootInputs {
  session: SessionStore;
  language: Language;
  /** Started by main.tsx before the console's chunks were fetched: they travel in parallel. */
  config: Promise<RuntimeConfig>;
  antdLocale: Promise<Locale>;
  catalogue: Promise<WebCatalogue>;
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
 * runtime config and the language's texts (i18next, antd's locale, the client's messages).
 */
export function prepare(inputs: BootInputs): Promise<Prepared> {
  prepared ??= (async () => {
    installGlobalErrorHandlers();
    const [config, antdLocale] = await Promise.all([
      inputs.config,
      inputs.antdLocale,
      inputs.catalogue.then((catalogue) => setupI18n(inputs.language, catalogue)),
      inputs.messages,
    ]);
    return { config, antdLocale };
  })();
  return prepared;
}
