import { h } from './dom.ts';

/**
 * Replaces the frame's content with one line of status text ("Loading…", "Ready to render.") or,
 * when `fatal`, an alert: the same look for every embed kind, and announced to screen readers.
 */
export function showStatus(root: HTMLElement, text: string, fatal = false): void {
  root.className = '';
  root.replaceChildren(
    h(
      'div',
      { class: fatal ? 'cv-fatal' : 'cv-placeholder', role: fatal ? 'alert' : 'status' },
      text,
    ),
  );
}
