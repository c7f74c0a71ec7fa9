/**
 * Fullscreen for an embed's iframe across browser prefixes. Older browsers only have the
 * vendor-prefixed names, so each operation uses the first one that exists.
 */

type Indexable<T> = T & Record<string, unknown>;

function firstFunction(target: object, names: string[]): (() => void) | undefined {
  const record = target as Record<string, unknown>;
  return names.map((name) => record[name]).find((fn): fn is () => void => typeof fn === 'function');
}

/** Asks the browser to show `iframe` fullscreen; does nothing without an iframe or API. */
export function requestFullscreen(iframe: HTMLIFrameElement | undefined): void {
  if (!iframe) return;
  const request = firstFunction(iframe, [
    'requestFullscreen',
    'msRequestFullscreen',
    'mozRequestFullScreen',
    'webkitRequestFullscreen',
  ]);
  request?.call(iframe);
}

/** Whether `iframe` is the document's fullscreen element (false outside a browser). */
export function isFullscreen(iframe: HTMLIFrameElement | undefined): boolean {
  if (!iframe || typeof document === 'undefined') return false;
  const doc = document as Indexable<Document>;
  return [
    'fullscreenElement',
    'webkitFullscreenElement',
    'mozFullscreenScreenElement',
    'msFullscreenElement',
  ].some((name) => doc[name] === iframe);
}

/** Leaves fullscreen, but only when `iframe` is what is shown fullscreen. */
export function exitFullscreen(iframe: HTMLIFrameElement | undefined): void {
  if (!isFullscreen(iframe)) return;
  const exit = firstFunction(document, [
    'exitFullscreen',
    'mozCancelFullScreen',
    'webkitExitFullscreen',
    'msExitFullscreen',
  ]);
  exit?.call(document);
}
