import type { MessageProxy } from './message-proxy.ts';
import type { IHttpPostMessageRequest, IHttpPostMessageResponse } from './message.ts';

type Headers = Record<string, unknown>;

/**
 * HTTP-like requests over a {@link MessageProxy}, wire-compatible with http-post-message: a request is
 * `{ method, url, headers, body }` with the default headers merged under the per-call ones.
 */
export class HttpPostMessage {
  defaultHeaders: Headers;

  constructor(
    readonly windowPostMessageProxy: MessageProxy,
    defaultHeaders: Headers = {},
    readonly defaultTargetWindow?: Window,
  ) {
    this.defaultHeaders = defaultHeaders;
  }

  get<T>(url: string, headers: Headers = {}, targetWindow?: Window) {
    return this.send<T>({ method: 'GET', url, headers }, targetWindow);
  }

  post<T>(url: string, body: unknown, headers: Headers = {}, targetWindow?: Window) {
    return this.send<T>({ method: 'POST', url, headers, body }, targetWindow);
  }

  put<T>(url: string, body: unknown, headers: Headers = {}, targetWindow?: Window) {
    return this.send<T>({ method: 'PUT', url, headers, body }, targetWindow);
  }

  patch<T>(url: string, body: unknown, headers: Headers = {}, targetWindow?: Window) {
    return this.send<T>({ method: 'PATCH', url, headers, body }, targetWindow);
  }

  delete<T>(url: string, body: unknown = null, headers: Headers = {}, targetWindow?: Window) {
    return this.send<T>({ method: 'DELETE', url, headers, body }, targetWindow);
  }

  send<T>(
    request: IHttpPostMessageRequest,
    targetWindow: Window | null | undefined = this.defaultTargetWindow,
  ): Promise<IHttpPostMessageResponse<T>> {
    request.headers = { ...this.defaultHeaders, ...request.headers };
    if (!targetWindow) {
      throw new Error(
        'target window is not provided.  You must either provide the target window explicitly as argument to request, or specify default target window when constructing instance of this class.',
      );
    }
    return this.windowPostMessageProxy.postMessage(targetWindow, request);
  }
}
