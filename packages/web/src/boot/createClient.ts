import {
  LiftCloudClient,
  revokeReasonOfKey,
  type ApiError,
  type LiveRevokeReason,
  type RuntimeConfig,
  type SessionStore,
} from '@liftcloud/client';
import { LOGIN_PATH } from '../routes/paths';
import { leaveOnce } from './leaving';

/** One client for the page's life; a 401 anywhere logs out and reloads to the login screen. */
export function createClient(config: RuntimeConfig, session: SessionStore): LiftCloudClient {
  return new LiftCloudClient({
    baseUrl: config.apiBase,
    session,
    onUnauthorized: (error) => logOutAndReload(session, endedBy(error)),
  });
}

/** A request may meet the ended session before the live channel's close frame: the same reason either way. */
export const endedBy = (error: ApiError): LiveRevokeReason | undefined => revokeReasonOfKey(error.key);

/** The login page's query parameter saying why the session ended (the live channel's revoke reason). */
export const ENDED_PARAM = 'ended';

/** Forget the session and go to the login screen; `ended` says why when the server revoked the session. */
export function logOutAndReload(session: SessionStore, ended?: LiveRevokeReason): void {
  session.set(null);
  // A failed login answers 401 too: the login screen shows that error itself.
  if (location.pathname === LOGIN_PATH) return;
  const back = encodeURIComponent(location.pathname + location.search);
  leaveOnce(`${LOGIN_PATH}?redirect=${back}${ended ? `&${ENDED_PARAM}=${ended}` : ''}`);
}
