/**
 * `service.preload`: a hidden iframe that fetches the embed service's static assets before the
 * first embed, so that embed starts faster. Internal to `Service`.
 */
import { embedUrlError } from '../internal/embed-url-validation.ts';
import type { IEmbedConfigurationBase } from '../embeds/embed.ts';
import type { IEmbedService } from '../embeds/embed-service.ts';

/**
 * Adds a hidden iframe for `config.embedUrl` to `element` (default: the body). It dispatches a
 * bubbling `preloaded` event once loaded. Throws for a URL the Service does not accept.
 */
export function createPreloadFrame(
  service: Pick<IEmbedService, 'validateEmbedUrl'>,
  config: IEmbedConfigurationBase,
  element: HTMLElement | undefined,
): HTMLIFrameElement {
  if (!service.validateEmbedUrl(config.embedUrl)) throw embedUrlError(config.embedUrl);
  const iframe = document.createElement('iframe');
  iframe.setAttribute('style', 'display:none;');
  iframe.setAttribute('src', config.embedUrl as string);
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('allowfullscreen', 'false');
  const node = element ?? document.getElementsByTagName('body')[0];
  node?.appendChild(iframe);
  iframe.addEventListener('load', () => {
    iframe.dispatchEvent(
      new CustomEvent('preloaded', { detail: {}, bubbles: true, cancelable: true }),
    );
  });
  return iframe;
}
