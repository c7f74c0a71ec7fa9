import type { Embed } from '../embeds/embed.ts';
import { isAllowedServiceUrl, toOrigin } from '../internal/embed-url-validation.ts';
import type { OriginPolicy } from '../transport/message-proxy.ts';

interface OriginPolicyInput {
  frames: () => ReadonlyArray<Embed<object>>;
  trustedOrigins: ReadonlySet<string>;
}

/**
 * The Service's messaging policy. A message is processed only when its `source` is the window of one
 * of this Service's iframes and its `origin` is that iframe's embed URL origin, a trusted origin, or
 * another host of the cloud allow-list (the service may redirect between its own hosts). Requests and
 * replies are posted to the frame's own origin, never `'*'`.
 */
export function createOriginPolicy({ frames, trustedOrigins }: OriginPolicyInput): OriginPolicy {
  // Parsing a URL per message is measurable on the hot path; remember each iframe's origin per src.
  const origins = new WeakMap<HTMLIFrameElement, { src: string; origin: string | undefined }>();
  const frameOrigin = (component: Embed<object>): string | undefined => {
    const iframe = component.iframe;
    if (!iframe) return toOrigin(component.config.embedUrl);
    const src = iframe.getAttribute('src') ?? component.config.embedUrl ?? '';
    const cached = origins.get(iframe);
    if (cached && cached.src === src) return cached.origin;
    const origin = toOrigin(src);
    origins.set(iframe, { src, origin });
    return origin;
  };

  // Every message and every request asks which component a window belongs to: a map answers
  // without searching; an entry is checked (the iframe may have navigated or been removed) and
  // refilled by one search when stale.
  const components = new WeakMap<Window, Embed<object>>();
  const componentOf = (win: Window): Embed<object> | undefined => {
    const known = components.get(win);
    if (known && known.iframe?.contentWindow === win && frames().includes(known)) return known;
    const found = frames().find((c) => c.iframe?.contentWindow === win);
    if (found) components.set(win, found);
    return found;
  };

  return {
    accept(event) {
      const source = event.source as Window | null;
      const component = source ? componentOf(source) : undefined;
      if (!component) return undefined;
      const origin = event.origin;
      if (origin === frameOrigin(component)) return origin;
      if (trustedOrigins.has(origin)) return origin;
      if (origin.startsWith('https://') && isAllowedServiceUrl(origin)) return origin;
      return undefined;
    },
    targetOrigin(target) {
      const component = componentOf(target);
      return (component && frameOrigin(component)) ?? '*';
    },
  };
}
