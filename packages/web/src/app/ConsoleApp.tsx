import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from 'antd/es/locale';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { Language, LiftCloudClient, RuntimeConfig } from '@liftcloud/client';
import { createRouter } from '../routes/router';
import { ConsoleProviders } from './ConsoleProviders';

export interface ConsoleAppProps {
  client: LiftCloudClient;
  config: RuntimeConfig;
  language: Language;
  antdLocale: Locale;
  queryClient?: QueryClient;
}

/**
 * The console: its providers and the router. antd's App (message, notification, modal) wraps the main
 * layout only: the login page stays light.
 */
export function ConsoleApp(props: ConsoleAppProps) {
  const [router] = useState(createRouter);
  return (
    <ConsoleProviders {...props}>
      <RouterProvider router={router} />
    </ConsoleProviders>
  );
}
