import { ApiError } from '@liftcloud/client';
import i18next from 'i18next';
import { feedback } from './feedback';

/**
 * console-shell.md §8: a server answer shows a notification with a hint title and the server's message; no
 * answer shows 'connection to server failed'; anything else 'request to server error'. A 401 was already
 * handled (logged out); the caller still gets the error.
 */
export function reportError(error: unknown, prefix?: string): void {
  const ui = feedback();
  if (!ui) return;
  if (error instanceof ApiError) {
    if (error.unauthorized) return;
    const text =
      error.kind === 'response'
        ? error.message
        : error.kind === 'request'
          ? i18next.t('shell.requestError')
          : i18next.t('shell.connectionFailed');
    ui.notification.error({
      title: i18next.t('shell.hint'),
      description: prefix ? `${prefix}: ${text}` : text,
    });
    return;
  }
  const text = error instanceof Error ? error.message : String(error);
  ui.message.error(i18next.t('shell.uncaught', { message: text }));
}
