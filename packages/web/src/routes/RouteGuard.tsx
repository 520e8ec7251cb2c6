import { useEffect, type ReactNode } from 'react';
import type { Session } from '@liftcloud/client';
import { Navigate, useLocation } from 'react-router-dom';
import { useConsole } from '../app/ConsoleContext';
import { logOutAndReload } from '../boot/createClient';
import { ACCOUNT_PATH } from './paths';
import { isPublicPath } from './publicPaths';

/** A session whose password was reset reaches account settings (and public pages) only, not `pathname`. */
export const mustChangePasswordFirst = (session: Session | null, pathname: string): boolean =>
  !!session?.mustChangePassword && pathname !== ACCOUNT_PATH && !isPublicPath(pathname);

/**
 * console-shell.md §2.3: anything but a public path needs a session; without one, log out and reload to login.
 * A session whose password was reset only reaches account settings.
 */
export function RouteGuard(props: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { session, client } = useConsole();
  const allowed = session !== null || isPublicPath(pathname);
  useEffect(() => {
    if (!allowed) logOutAndReload(client.session);
  }, [allowed, client]);
  if (!allowed) return null;
  // A reset password must be changed first: the server refuses everything else until then.
  if (mustChangePasswordFirst(session, pathname)) return <Navigate to={ACCOUNT_PATH} replace />;
  return props.children;
}
