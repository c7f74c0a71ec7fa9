/**
 * One API request from a component to its frame, with the rejection shape decided in one place:
 * frame errors reject with the response body (as the original), local failures with an
 * {@link EmbedError} (the original rejected with `undefined`). Internal to `Embed`.
 */
import { EmbedError, EmbedErrorCode, toRejection } from '../errors.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import type { IEmbedService } from './embed-service.ts';
import type { HttpMethod } from './embed-types.ts';

/** The rejection of a request whose component has no frame window (never embedded, or reset). */
export function noFrameError(method: HttpMethod, url: string): EmbedError {
  return new EmbedError(
    EmbedErrorCode.NoFrame,
    `Cannot send ${method} ${url}: the embedded frame is not available (the component was reset or never embedded).`,
  );
}

export function sendFrameRequest<T>(
  service: Pick<IEmbedService, 'hpm'>,
  method: HttpMethod,
  url: string,
  body: unknown,
  headers: Record<string, unknown>,
  targetWindow: Window | null | undefined,
): Promise<IHttpPostMessageResponse<T>> {
  if (!targetWindow) return Promise.reject(noFrameError(method, url));
  const hpm = service.hpm;
  let sent: Promise<IHttpPostMessageResponse<T>>;
  try {
    // Every API call passes here: a plain promise chain (no extra async frame) keeps it cheap.
    sent =
      method === 'GET'
        ? hpm.get<T>(url, headers, targetWindow)
        : method === 'DELETE'
          ? hpm.delete<T>(url, body, headers, targetWindow)
          : hpm[method === 'POST' ? 'post' : method === 'PUT' ? 'put' : 'patch']<T>(
              url,
              body,
              headers,
              targetWindow,
            );
  } catch (reason) {
    return Promise.reject(toRejection(reason));
  }
  return sent.catch((reason: unknown) => {
    throw toRejection(reason);
  });
}
