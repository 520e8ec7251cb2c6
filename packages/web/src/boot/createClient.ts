import { LiftCloudClient, type RuntimeConfig, type SessionStore } from '@liftcloud/client';
import { LOGIN_PATH } from '../routes/paths';

/** One client for the page's life; a 401 anywhere logs out and reloads to the login screen. */
export function createClient(config: RuntimeConfig, session: SessionStore): LiftCloudClient {
  return new LiftCloudClient({
    baseUrl: config.apiBase,
    session,
    onUnauthorized: () => logOutAndReload(session),
  });
}

let leaving = false;

export function logOutAndReload(session: SessionStore): void {
  session.set(null);
  // A failed login answers 401 too: the login screen shows that error itself.
  if (leaving || location.pathname === LOGIN_PATH) return;
  leaving = true;
  const back = encodeURIComponent(location.pathname + location.search);
  location.replace(`${LOGIN_PATH}?redirect=${back}`);
}
