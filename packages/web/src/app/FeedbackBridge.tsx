import { App } from 'antd';
import { setFeedback } from './feedback';

/** Hands antd's context-aware message, notification and modal to code outside React. */
export function FeedbackBridge() {
  const { message, notification, modal } = App.useApp();
  setFeedback({ message, notification, modal });
  return null;
}
