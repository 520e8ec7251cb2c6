import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useConsole } from '../app/ConsoleContext';
import { logOutAndReload } from '../boot/createClient';
import { isPublicPath } from './publicPaths';

/** console-shell.md §2.3: anything but a public path needs a session; without one, log out and reload to login. */
export function RouteGuard(props: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { session, client } = useConsole();
  const allowed = session !== null || isPublicPath(pathname);
  useEffect(() => {
    if (!allowed) logOutAndReload(client.session);
  }, [allowed, client]);
  return allowed ? props.children : null;
}
