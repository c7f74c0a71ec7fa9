import { NOTIFICATION_CLOSE_MS } from '../rules/notification-rules.ts';

/** The browser's permission, or 'unsupported' where there is no Notification API. */
export const notificationPermission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Asked on the first open while still "default"; the answer is the browser's to keep. */
export function askNotificationPermission() {
  if (notificationPermission() !== 'default') return;
  Notification.requestPermission().catch(() => undefined);
}

/** One desktop notification, closed after 5 s; a click brings the tab forward. */
export function showDesktopNotification(title: string, body: string, onClick: () => void) {
  try {
    const notification = new Notification(title, { body, tag: 'canopy-chat' });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
    setTimeout(() => notification.close(), NOTIFICATION_CLOSE_MS);
  } catch {
    // Some browsers only allow notifications from a service worker: nothing to show then.
  }
}
