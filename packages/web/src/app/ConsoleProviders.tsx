import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from 'antd/es/locale';
import { useState, type ReactNode } from 'react';
import type { Language, LiftCloudClient, RuntimeConfig } from '@liftcloud/client';
import { ConsoleProvider } from './ConsoleContext';
import { motionWanted } from './motion';
import { createQueryClient } from './queryClient';

export interface ConsoleProvidersProps {
  client: LiftCloudClient;
  config: RuntimeConfig;
  language: Language;
  antdLocale: Locale;
  /** The server state the boot started filling (routes/firstList.ts); a new one when absent. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** What every screen relies on, the login page included: antd theme and language, server state, the client. */
export function ConsoleProviders(props: ConsoleProvidersProps) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [motion] = useState(motionWanted);
  return (
    <ConfigProvider locale={props.antdLocale} theme={{ token: { colorPrimary: '#1668dc', motion } }}>
      <QueryClientProvider client={queryClient}>
        <ConsoleProvider client={props.client} config={props.config} language={props.language}>
          {props.children}
        </ConsoleProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
