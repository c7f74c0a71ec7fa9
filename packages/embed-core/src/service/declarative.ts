/**
 * Declarative embedding: elements that carry `powerbi-embed-url` (and `powerbi-type`, token, name
 * attributes) are embedded by `service.init()`, or on `DOMContentLoaded` with auto-embed on.
 * Internal to `Service`.
 */
import { Embed, type IEmbedConfiguration } from '../embeds/embed.ts';

/** What declarative embedding needs from the Service (not its module: the Service imports this one). */
interface DeclarativeService {
  embed(element: HTMLElement, config: IEmbedConfiguration): Embed<object>;
  init(container?: HTMLElement): Embed<object>[];
}

/** Embeds every descendant of `root` carrying the embed URL attribute, in document order. */
export function embedDeclaredElements(
  service: DeclarativeService,
  root: HTMLElement,
  config: IEmbedConfiguration | undefined,
): Embed<object>[] {
  const elements = Array.from(root.querySelectorAll<HTMLElement>(`[${Embed.embedUrlAttribute}]`));
  return elements.map((el) => service.embed(el, config ?? {}));
}

/**
 * Runs `service.init()` on `DOMContentLoaded`. Returns the listener's removal, or `undefined`
 * where there is no `window` (server rendering), so nothing is registered.
 */
export function listenForContentLoaded(service: DeclarativeService): (() => void) | undefined {
  const win = (globalThis as { window?: Window }).window;
  if (!win) return undefined;
  const listener = () => service.init(document.body);
  win.addEventListener('DOMContentLoaded', listener, false);
  return () => win.removeEventListener('DOMContentLoaded', listener, false);
}
