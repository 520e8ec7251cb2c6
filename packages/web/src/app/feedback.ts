import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/**
 * antd's message, notification and modal bound to the app's theme and language. FeedbackBridge fills this
 * in from inside <App>; code outside React (global handlers, query callbacks) reads it from here.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalApi;
}

let current: Feedback | null = null;

export function setFeedback(feedback: Feedback): void {
  current = feedback;
}

export function feedback(): Feedback | null {
  return current;
}
