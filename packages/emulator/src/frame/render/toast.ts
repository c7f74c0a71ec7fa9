import { h } from './dom.ts';

/** A short message at the bottom of the frame (a failed menu action), gone after a few seconds. */
export function showStatusToast(message: string): void {
  document.querySelector('.cv-toast')?.remove();
  const toast = h('div', { class: 'cv-toast', role: 'status' }, message);
  document.body.append(toast);
  setTimeout(() => toast.remove(), 5000);
}
