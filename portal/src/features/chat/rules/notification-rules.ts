/** A desktop notification closes after 5 s. */
export const NOTIFICATION_CLOSE_MS = 5_000;

/**
 * Only with permission granted and never for our own messages; and only when the person would
 * otherwise miss it: the tab is hidden or the chat panel is closed.
 */
export function shouldNotify(input: {
  permission: NotificationPermission | 'unsupported';
  senderId: string;
  me: string;
  documentHidden: boolean;
  panelOpen: boolean;
}): boolean {
  if (input.permission !== 'granted') return false;
  if (input.senderId === input.me) return false;
  return input.documentHidden || !input.panelOpen;
}

/** Ask on the first open, and only while the browser has not been answered yet. */
export const shouldAskPermission = (permission: NotificationPermission | 'unsupported') =>
  permission === 'default';
