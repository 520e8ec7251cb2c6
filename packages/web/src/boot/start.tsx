import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from '../app/ConsoleApp';
import { createQueryClient } from '../app/queryClient';
import { loadDayjsLocale } from '../i18n/antdLocale';
import { loadCatalogue } from '../i18n/catalogues';
import { setupI18n } from '../i18n/setup';
import { requestFirstList } from '../routes/firstList';
import { preloadScreensFor } from '../routes/router';
import { createClient } from './createClient';
import { prepare, type BootInputs } from './prepare';

export type { BootInputs };

/**
 * The console proper: once the runtime config and the language's texts are in, one client and the app.
 * main.tsx starts it at any address but /login, and the login shell (startLogin.tsx) after a login.
 */
export async function start(inputs: BootInputs): Promise<void> {
  // The config was asked for by main.tsx before this chunk, so it is in by now. The list's request leaves
  // before the screen's chunks are asked for: they hold the browser's six connections to the server for a
  // while, and the answer would otherwise wait behind them (B6, first rows).
  const client = createClient(await inputs.config, inputs.session);
  const queryClient = createQueryClient();
  requestFirstList(location, inputs.session.get(), client, queryClient);
  preloadScreensFor(location.pathname);
  const [{ config, antdLocale }, catalogue] = await Promise.all([
    prepare(inputs),
    inputs.catalogue ?? loadCatalogue(inputs.language),
    inputs.dayjsLocale ?? loadDayjsLocale(inputs.language),
  ]);
  await setupI18n(inputs.language, catalogue);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp
        client={client}
        config={config}
        language={inputs.language}
        antdLocale={antdLocale}
        queryClient={queryClient}
      />
    </StrictMode>,
  );
}
