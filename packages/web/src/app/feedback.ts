import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's message and notification for code outside React (global handlers, error reporting, polls).
 * Inside the main layout FeedbackBridge hands over the themed, context-aware ones; elsewhere (the login
 * page) antd's static ones load on first use, so they are not part of the login page's first download.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

let bridged: Feedback | null = null;
let fallback: Promise<Feedback> | null = null;

export function setFeedback(feedback: Feedback | null): void {
  bridged = feedback;
}

function staticFeedback(): Promise<Feedback> {
  fallback ??= Promise.all([import('antd/es/message'), import('antd/es/notification')]).then(
    ([message, notification]) => ({
      message: message.default as unknown as MessageInstance,
      notification: notification.default as unknown as NotificationInstance,
    }),
  );
  return fallback;
}

/** Show something with whichever feedback is at hand. */
export function withFeedback(show: (feedback: Feedback) => void): void {
  if (bridged) show(bridged);
  else void staticFeedback().then(show);
}
