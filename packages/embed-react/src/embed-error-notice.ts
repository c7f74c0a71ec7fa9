/**
 * Shows an embed that failed to start (a refused embed URL, a missing type) inside its own
 * container, so the page around it keeps working. The node is added with the DOM API, not rendered
 * by React: the core empties the container when the next embed succeeds, and a React child removed
 * behind React's back would make its next commit throw.
 */
const NOTICE_ATTRIBUTE = 'data-canopy-embed-error';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Puts the notice into `container` (once) and returns how to take it out again. */
export function showEmbedError(container: HTMLElement, error: unknown): () => void {
  const notice = container.ownerDocument.createElement('div');
  notice.setAttribute(NOTICE_ATTRIBUTE, '');
  notice.setAttribute('role', 'alert');
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') notice.setAttribute('data-code', code);
  notice.style.cssText =
    'box-sizing:border-box;padding:12px;font:13px/1.4 system-ui,sans-serif;color:#8a1c1c;' +
    'background:#fdf0f0;border:1px solid #f1c4c4;white-space:pre-wrap;overflow:auto;';
  notice.textContent = `The embed could not start: ${describe(error)}`;
  container.appendChild(notice);
  return () => {
    if (notice.parentNode === container) container.removeChild(notice);
  };
}
