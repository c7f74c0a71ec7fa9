/**
 * The embed's `<iframe>`: creating it in the container, and the listeners that start loading (or
 * creating) once the frame document is there. Internal to `Embed` (not part of the public entry).
 */
import { embedUrlError } from '../internal/embed-url-validation.ts';
import { addParamToUrl } from '../internal/url.ts';
import type { IEmbedService } from './embed-service.ts';

/** The part of a component its frame listeners drive (not `Embed` itself: it imports this module). */
interface FrameComponent {
  iframeLoaded: boolean;
  service: Pick<IEmbedService, 'reportAsyncError'>;
  load(phasedRender?: boolean): Promise<void>;
  create(): Promise<void>;
}

/**
 * Creates the iframe for `embedUrl` (with the `uid` parameter the frame posts its events under),
 * and makes it the only child of `element`. Throws for a URL the Service does not accept.
 */
export function createEmbedIframe(
  service: IEmbedService,
  element: HTMLElement,
  embedUrl: string,
  uniqueId: string,
): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  const src = addParamToUrl(embedUrl, 'uid', uniqueId);
  if (!service.validateEmbedUrl(src)) throw embedUrlError(src);
  iframe.style.width = '100%';
  iframe.style.height = '100%';
  iframe.setAttribute('src', src);
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('allowfullscreen', 'true');
  service.applyIframeAttributes(iframe);
  while (element.firstChild) element.removeChild(element.firstChild);
  element.appendChild(iframe);
  return iframe;
}

/** The frame `load` listener of a component that loads: marks the frame ready and sends the load. */
export function loadListener(component: FrameComponent, phasedRender?: boolean): () => void {
  return () => {
    component.iframeLoaded = true;
    try {
      void component
        .load(phasedRender)
        .catch((error: unknown) => component.service.reportAsyncError(component, error));
    } catch (error) {
      // Visual.load throws synchronously (missing pageName/visualName), as the original does;
      // here that would escape the DOM listener as an uncaught error.
      component.service.reportAsyncError(component, error);
    }
  };
}

/** The frame `load` listener of Create/QuickCreate: sends the create request. */
export function createListener(component: FrameComponent): () => void {
  return () => {
    void component
      .create()
      .catch((error: unknown) => component.service.reportAsyncError(component, error));
  };
}

/**
 * The container's `ready` listener (front-load): `send` posts the configuration early; a failure
 * goes to the Service's error reporting since no caller waits for it.
 */
export function frontLoadListener(
  component: FrameComponent,
  send: () => Promise<void>,
): () => unknown {
  return () =>
    void send().catch((error: unknown) => component.service.reportAsyncError(component, error));
}
