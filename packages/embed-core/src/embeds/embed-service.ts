import type * as models from 'powerbi-models';
import type { HttpPostMessage } from '../transport/http-post-message.ts';
import type { IRequest, Router, RouterResponse } from '../transport/router.ts';

/**
 * What an embedded component needs from the Service that created it. Components depend on this
 * interface, never on the Service module, so the Service can import the component classes
 * (`service/embed-kinds.ts`) without an import cycle.
 */
export interface IEmbedService {
  /** The Service-wide fallback token; `setAccessToken` updates it. */
  accessToken: string | undefined;
  /** The request layer (`hpmFactory`'s product, which may be a caller's own object). */
  hpm: HttpPostMessage;
  /** The router frames post events and hook requests to (`routerFactory`'s product). */
  router: Router;
  getSdkSessionId(): string;
  getNumberOfComponents(): number;
  validateEmbedUrl(url: string | undefined): boolean;
  applyIframeAttributes(iframe: HTMLIFrameElement): void;
  /** Reports a failure no caller waits for (a background load, create or front-load). */
  reportAsyncError(component: object, error: unknown): void;
  invokeSDKHook(
    hook: models.EventHooks[keyof models.EventHooks],
    req: IRequest,
    res: RouterResponse,
  ): Promise<void>;
  /**
   * `true` when the frame request `request` (an event or hook request the router matched) was posted
   * by `frame` — the component's own iframe window — from an origin trusted for that component.
   */
  isFromFrame(frame: Window | null | undefined, request: object): boolean;
}
