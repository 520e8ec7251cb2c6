import { ApiError } from '@liftcloud/client';
import { text } from '../i18n/text';
import { withFeedback } from '../app/feedback';
import { reportError } from '../app/reportError';

/** Benign browser noise that is not the user's concern. */
const IGNORED = [/ResizeObserver loop/];

/** console-shell.md §8: a global handler shows any uncaught error as a message. */
export function installGlobalErrorHandlers(): void {
  const show = (reason: unknown) => {
    if (reason instanceof ApiError) return reportError(reason);
    const message = reason instanceof Error ? reason.message : String(reason ?? '');
    if (!message || IGNORED.some((re) => re.test(message))) return;
    withFeedback((ui) => ui.message.error(text('shell.uncaught', { message })));
  };
  window.addEventListener('error', (event) => show(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => show(event.reason));
}
