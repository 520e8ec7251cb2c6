import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Language, LiftCloudClient, RuntimeConfig, Session } from '@liftcloud/client';

export interface ConsoleContextValue {
  client: LiftCloudClient;
  config: RuntimeConfig;
  language: Language;
  session: Session | null;
  /** The organisation the selector chose (the session's own until changed). */
  orgId: number | null;
  /** Read the session again after login changed it. */
  refreshSession: () => void;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function ConsoleProvider(props: {
  client: LiftCloudClient;
  config: RuntimeConfig;
  language: Language;
  children: ReactNode;
}) {
  const { client, config, language } = props;
  const [version, setVersion] = useState(0);
  const value = useMemo<ConsoleContextValue>(
    () => ({
      client,
      config,
      language,
      session: client.session.get(),
      orgId: client.session.getOrgId(),
      refreshSession: () => setVersion((v) => v + 1),
    }),
    // version changes when login stores a new session
    [client, config, language, version],
  );
  return <ConsoleContext.Provider value={value}>{props.children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleProvider');
  return value;
}

export const useClient = () => useConsole().client;
export const useLanguage = () => useConsole().language;
