import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedback } from './feedback';

/** Hands antd's context-aware message and notification to code outside React while the layout is up. */
export function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    setFeedback({ message, notification });
    return () => setFeedback(null);
  }, [message, notification]);
  return null;
}
