import { ApiError } from '@liftcloud/client';
import i18next from 'i18next';
import { withFeedback } from '../app/feedback';
import { reportError } from '../app/reportError';

/** Benign browser noise that is not the user's concern. */
const IGNORED = [/ResizeObserver loop/];

/** console-shell.md §8: a global handler shows any uncaught error as a message. */
export function installGlobalErrorHandlers(): void {
  const show = (reason: unknown) => {
    if (reason instanceof ApiError) return reportError(reason);
    const text = reason instanceof Error ? reason.message : String(reason ?? '');
    if (!text || IGNORED.some((re) => re.test(text))) return;
    withFeedback((ui) => ui.message.error(i18next.t('shell.uncaught', { message: text })));
  };
  window.addEventListener('error', (event) => show(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => show(event.reason));
}
