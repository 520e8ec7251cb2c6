import { ApiError } from '@liftcloud/client';
import i18next from 'i18next';
import { withFeedback } from './feedback';

/**
 * console-shell.md §8: a server answer shows a notification with a hint title and the server's message; no
 * answer shows 'connection to server failed'; anything else 'request to server error'. A 401 was already
 * handled (logged out); the caller still gets the error.
 */
export function reportError(error: unknown, prefix?: string): void {
  if (error instanceof ApiError) {
    if (error.unauthorized) return;
    const text =
      error.kind === 'response'
        ? error.message
        : error.kind === 'request'
          ? i18next.t('shell.requestError')
          : i18next.t('shell.connectionFailed');
    const title = i18next.t('shell.hint');
    withFeedback((ui) => ui.notification.error({ title, description: prefix ? `${prefix}: ${text}` : text }));
    return;
  }
  const text = error instanceof Error ? error.message : String(error);
  withFeedback((ui) => ui.message.error(i18next.t('shell.uncaught', { message: text })));
}
