import { LOGIN_PATH } from '../routes/paths';

let leaving = false;

/**
 * Go to the login screen, once for the page: whoever asks first navigates, later asks do nothing. A poll answered
 * 401 while the page was already leaving started a second navigation, which aborted the first.
 */
export function leaveOnce(url: string): void {
  if (leaving) return;
  leaving = true;
  location.replace(url);
}

/**
 * Log out, then go to the login screen. From the start of the logout the page counts as leaving: a request in
 * flight that the logout turns into a 401 does not navigate by itself.
 */
export async function logOutAndLeave(logout: () => Promise<unknown>): Promise<void> {
  leaving = true;
  await logout().catch(() => undefined);
  location.replace(LOGIN_PATH);
}
