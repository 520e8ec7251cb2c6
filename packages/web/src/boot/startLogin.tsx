import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Language } from '@liftcloud/client';
import { ConsoleProviders } from '../app/ConsoleProviders';
import { BrandingEffect } from '../branding/BrandingEffect';
import { loadDayjsLocale } from '../i18n/antdLocale';
import { loadCatalogue } from '../i18n/catalogues';
import LoginPage from '../pages/login/LoginPage';
import { GoOnContext } from '../pages/login/goOn';
import { loadWithDeadline } from '../routes/lazyScreen';
import { createClient } from './createClient';
import { prepare, type BootInputs } from './prepare';

/** The console proper (router, route table, menu): fetched while the user types, started after the login. */
const loadConsole = () => loadWithDeadline(() => import('./start'));
/** Fetched while the user types too: what the console proper asks for before its first screen. */
const prefetchConsole = (language: Language) =>
  Promise.all([loadConsole(), loadCatalogue(language), loadDayjsLocale(language)]);

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2_000 }) : setTimeout(run, 200);

/**
 * A page opened at /login: the login page with the providers it needs and no router, so its first download
 * is the login and not the console (B6, docs/console-chunks.md). After a login it hands the page to the
 * console at the address the login goes on to, in the same page (no reload).
 */
export async function startLogin(inputs: BootInputs): Promise<void> {
  const { config, antdLocale } = await prepare(inputs);
  const client = createClient(config, inputs.session);
  const element = document.getElementById('root');
  if (!element) throw new Error('no #root element');
  const root = createRoot(element);
  let leaving = false;
  const goOn = (path: string) => {
    if (leaving) return;
    leaving = true;
    void loadConsole().then(({ start }) => {
      history.replaceState(null, '', path);
      root.unmount();
      return start(inputs);
    });
  };
  root.render(
    <StrictMode>
      <ConsoleProviders client={client} config={config} language={inputs.language} antdLocale={antdLocale}>
        <BrandingEffect />
        <GoOnContext.Provider value={goOn}>
          <LoginPage />
        </GoOnContext.Provider>
      </ConsoleProviders>
    </StrictMode>,
  );
  whenIdle(() => void prefetchConsole(inputs.language).catch(() => undefined));
}
