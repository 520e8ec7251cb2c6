import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { Language, LiftCloudClient, RuntimeConfig } from '@liftcloud/client';
import { createRouter } from '../routes/router';
import { ConsoleProvider } from './ConsoleContext';
import { motionWanted } from './motion';
import { createQueryClient } from './queryClient';

export interface ConsoleAppProps {
  client: LiftCloudClient;
  config: RuntimeConfig;
  language: Language;
  antdLocale: Locale;
}

/**
 * The providers every screen relies on: antd theme and language, server state, the client, the router.
 * antd's App (message, notification, modal) wraps the main layout only: the login page stays light.
 */
export function ConsoleApp(props: ConsoleAppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  const [motion] = useState(motionWanted);
  return (
    <ConfigProvider locale={props.antdLocale} theme={{ token: { colorPrimary: '#1668dc', motion } }}>
      <QueryClientProvider client={queryClient}>
        <ConsoleProvider client={props.client} config={props.config} language={props.language}>
          <RouterProvider router={router} />
        </ConsoleProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
