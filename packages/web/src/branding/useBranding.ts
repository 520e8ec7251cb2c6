import { useQuery } from '@tanstack/react-query';
import type { PublicUiSetting } from '@liftcloud/client';
import { useClient } from '../app/ConsoleContext';

export const DEFAULT_SYSTEM_NAME = 'LiftCloud';

/** The UI setting for this host name: system name, favicon, logos and QR codes; readable before login. */
export function useBranding(): PublicUiSetting | undefined {
  const client = useClient();
  const host = location.hostname;
  return useQuery({
    queryKey: ['uiSetting', 'public', host],
    queryFn: () => client.uiSettingFor(host),
    staleTime: Infinity,
    meta: { silent: true },
  }).data;
}
