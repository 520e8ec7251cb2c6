import { ApiError } from '@liftcloud/client';
import { text } from '../i18n/text';
import { withFeedback } from './feedback';

/**
 * console-shell.md §8: a server answer shows a notification with a hint title and the server's message; no
 * answer shows 'connection to server failed'; anything else 'request to server error'. A 401 was already
 * handled (logged out); the caller still gets the error.
 */
export function reportError(error: unknown, prefix?: string): void {
  if (error instanceof ApiError) {
    if (error.unauthorized) return;
    const said =
      error.kind === 'response'
        ? error.message
        : error.kind === 'request'
          ? text('shell.requestError')
          : text('shell.connectionFailed');
    const title = text('shell.hint');
    withFeedback((ui) => ui.notification.error({ title, description: prefix ? `${prefix}: ${said}` : said }));
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  withFeedback((ui) => ui.message.error(text('shell.uncaught', { message })));
}
