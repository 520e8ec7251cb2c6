import type { MenuContext } from '@liftcloud/client';
import { useConsole } from '../app/ConsoleContext';
import { useBranding } from '../branding/useBranding';

/** What the menu rules of §6 read: who is logged in, the language, and the host's system name. */
export function useMenuContext(): MenuContext | null {
  const { session, language } = useConsole();
  const branding = useBranding();
  if (!session) return null;
  return { username: session.username, auth: session.auth, language, siteName: branding?.systemName ?? '' };
}
