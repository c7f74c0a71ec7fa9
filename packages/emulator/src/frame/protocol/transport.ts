import { HttpPostMessage } from 'http-post-message';
import { Router } from 'powerbi-router';
import { WindowPostMessageProxy } from 'window-post-message-proxy';
import { iError, FrameErrorCode } from '../frame-errors.ts';

/**
 * The frame's side of the message protocol, built from the same three libraries the service uses:
 * window-post-message-proxy correlates messages, http-post-message shapes HTTP-like requests to the
 * host (events, hooks), and powerbi-router dispatches the host's requests to handlers.
 */
export interface FrameTransport {
  router: Router;
  hpm: HttpPostMessage;
  /** The origin requests come from: replies and events are posted only there. */
  hostOrigin(): string;
}

function referrerOrigin(): string | undefined {
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

interface RouteHandler {
  test(message: unknown): boolean;
  handle(message: unknown): unknown;
}

function safeTest(handler: RouteHandler, message: unknown): boolean {
  try {
    return handler.test(message);
  } catch {
    // route-recognizer throws on a non-string url: not a match, the fallback answers it.
    return false;
  }
}

function isRequestLike(message: unknown): message is { headers: { id: string }; url?: unknown } {
  if (typeof message !== 'object' || message === null) return false;
  const record = message as Record<string, unknown>;
  const headers = record.headers as Record<string, unknown> | undefined;
  return typeof headers?.id === 'string' && typeof record.statusCode !== 'number';
}

export function createTransport(): FrameTransport {
  let origin = referrerOrigin() ?? '*';
  // Registered before the proxy starts listening, so the origin is known when a handler replies.
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.origin && event.origin !== 'null')
      origin = event.origin;
  });

  const wpmp = new WindowPostMessageProxy({
    name: 'canopy-emulator-frame',
    receiveWindow: window,
    // The tracking id lives in `headers.id`, as http-post-message puts it.
    processTrackingProperties: {
      addTrackingProperties: (message, tracking) =>
        HttpPostMessage.addTrackingProperties(message, tracking) as typeof message,
      getTrackingProperties: (message) =>
        HttpPostMessage.getTrackingProperties(message) as { id: string },
    },
    isErrorMessage: (message) => HttpPostMessage.isErrorMessage(message),
    suppressWarnings: true,
    // Only the embedding page may drive this frame.
    receivedMessageValidation: { expectedMessageSource: window.parent },
  });
  const hpm = new HttpPostMessage(wpmp, { 'x-sdk-type': 'canopy-emulator' }, window.parent);
  /*
   * The router's handlers go into their own list, consulted by one proxy handler, so the fallback
   * below stays last however many routes are registered later.
   */
  const routeHandlers: RouteHandler[] = [];
  const router = new Router({ addHandler: (handler: RouteHandler) => routeHandlers.push(handler) });
  const matched = new WeakMap<object, RouteHandler>();
  wpmp.addHandler({
    test: (message: unknown) => {
      if (typeof message !== 'object' || message === null) return false;
      const handler = routeHandlers.find((candidate) => safeTest(candidate, message));
      if (handler) matched.set(message, handler);
      return handler !== undefined;
    },
    handle: (message: object) => matched.get(message)?.handle(message),
  });

  /*
   * Last resort for requests no route can take (unknown method, missing or non-string url): the
   * router's catch-all routes only match well-formed requests, and an unanswered request would leave
   * the host's promise pending forever.
   */
  wpmp.addHandler({
    test: (message: unknown) => isRequestLike(message),
    handle: (message: { url?: unknown; method?: unknown }) => ({
      statusCode: 400,
      headers: {},
      body: iError(
        FrameErrorCode.BadRequest,
        FrameErrorCode.BadRequest,
        `Malformed request: method ${JSON.stringify(message.method)} and url ${JSON.stringify(message.url)} do not form a valid request.`,
      ),
    }),
  });

  return { router, hpm, hostOrigin: () => origin };
}
