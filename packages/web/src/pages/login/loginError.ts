import { ApiError } from '@liftcloud/client';
import { text } from '../../i18n/text';

/** The login errors of §8 as the server words them; a fallback per step when nothing answered. */
export function loginErrorText(error: unknown, step: 'login' | 'sms'): string {
  if (error instanceof ApiError && error.kind === 'response' && error.message) return error.message;
  if (error instanceof ApiError && error.kind !== 'response') return text('shell.connectionFailed');
  return text(step === 'sms' ? 'login.smsFailed' : 'login.failed');
}

/** The captcha was wrong or expired: its own field shows the error. */
export const isCaptchaError = (error: unknown): boolean =>
  error instanceof ApiError && error.key.startsWith('login.captcha');
