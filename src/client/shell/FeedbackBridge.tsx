/**
 * Inside antd <App> (the shell): hands the context-aware message / notification / modal to
 * the request layer. Lives in the shell chunk so antd App (and rc-dialog) stay off the login route.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { setFeedback } from '../api/feedback';

export function FeedbackBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    setFeedback({ message, notification, modal });
  }, [message, notification, modal]);
  return null;
}
