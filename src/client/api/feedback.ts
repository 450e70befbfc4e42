/**
 * Where the request layer (and the login page) shows feedback.
 *
 * Defaults are antd's static message / notification / Modal, loaded on the first user
 * interaction (or on first use), so none of them weighs on the login route's initial JS; once
 * loaded the calls are synchronous. Inside the shell, antd <App> provides context-aware instances and
 * shell/FeedbackBridge installs them with setFeedback().
 */
import './uiConfig';
import { HEADER_HEIGHT } from '../app/layoutMetrics';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification';
import type { ModalFuncProps } from 'antd/es/modal';

type ModalFn = (props: ModalFuncProps) => unknown;
type MessageFn = (content: string, duration?: number) => unknown;
type NotifyFn = (args: NotificationArgs) => unknown;

export interface Feedback {
  message: { success: MessageFn; error: MessageFn; warning: MessageFn; info: MessageFn; loading: MessageFn };
  notification: { success: NotifyFn; error: NotifyFn; warning: NotifyFn; info: NotifyFn; open: NotifyFn };
  modal: { error: ModalFn; confirm: ModalFn; info: ModalFn; success: ModalFn; warning: ModalFn };
}

type MessageStatic = (typeof import('antd/es/message'))['default'];
type NotificationStatic = (typeof import('antd/es/notification'))['default'];
type ModalStatic = (typeof import('antd/es/modal'))['default'];

let messageMod: MessageStatic | undefined;
let notificationMod: NotificationStatic | undefined;
let modalMod: ModalStatic | undefined;

const loadMessage = () => import('antd/es/message').then((m) => (messageMod = m.default));
/**
 * Notices open below the header, not over it: the welcome after a login stayed 4.5 s on the
 * header's right end, over the user menu, the notice bell and 退出登录.
 */
export const NOTIFICATION_TOP = HEADER_HEIGHT + 8;

const loadNotification = () => import('antd/es/notification').then((m) => {
  m.default.config({ top: NOTIFICATION_TOP });
  return (notificationMod = m.default);
});
const loadModal = () => import('antd/es/modal').then((m) => (modalMod = m.default));

// Once loaded, calls are synchronous (same behaviour as the antd statics).
function lazyMessage(kind: keyof Feedback['message']): MessageFn {
  return (content, duration) =>
    messageMod ? messageMod[kind](content, duration) : void loadMessage().then((m) => m[kind](content, duration));
}
function lazyNotification(kind: keyof Feedback['notification']): NotifyFn {
  return (args) => (notificationMod ? notificationMod[kind](args) : void loadNotification().then((n) => n[kind](args)));
}
function lazyModal(kind: keyof Feedback['modal']): ModalFn {
  return (props) => (modalMod ? modalMod[kind](props) : void loadModal().then((m) => m[kind](props)));
}

export const feedback: Feedback = {
  message: {
    success: lazyMessage('success'),
    error: lazyMessage('error'),
    warning: lazyMessage('warning'),
    info: lazyMessage('info'),
    loading: lazyMessage('loading'),
  },
  notification: {
    success: lazyNotification('success'),
    error: lazyNotification('error'),
    warning: lazyNotification('warning'),
    info: lazyNotification('info'),
    open: lazyNotification('open'),
  },
  modal: {
    error: lazyModal('error'),
    confirm: lazyModal('confirm'),
    info: lazyModal('info'),
    success: lazyModal('success'),
    warning: lazyModal('warning'),
  },
};

export function setFeedback(f: Partial<Feedback>): void {
  Object.assign(feedback, f);
}

/** Loads the static feedback modules ahead of need. */
export function preloadFeedback(): void {
  void Promise.all([loadMessage(), loadNotification(), loadModal()]).catch(() => undefined);
}

// Warm them once the user starts interacting (typing the login, clicking), not during the first
// paint: the login route's initial JS stays antd Form/Input/Button only, and by the time a
// request can fail or the login succeed the modules are in.
if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const events = ['pointerdown', 'keydown', 'input'] as const;
  const warm = () => {
    for (const e of events) document.removeEventListener(e, warm, true);
    preloadFeedback();
  };
  for (const e of events) document.addEventListener(e, warm, { capture: true, passive: true });
}
