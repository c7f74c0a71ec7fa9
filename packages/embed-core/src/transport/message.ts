/**
 * The HTTP-like envelope spoken over postMessage by the analytics service's frames.
 * The wire format is fixed by the service: treat these shapes as append-only.
 */
export interface IHttpPostMessageRequest<T = unknown> {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: T;
}

export interface IHttpPostMessageResponse<T = unknown> {
  statusCode: number;
  headers: Record<string, unknown>;
  body: T;
}

/** A handler for unsolicited messages (requests from the frame). */
export interface IMessageHandler {
  test(message: unknown): boolean;
  handle(message: unknown): unknown;
}

/** How tracking ids are attached to and read from messages (the id lives in `headers.id`). */
export interface ITrackingProperties {
  id?: string;
}

export function addTrackingProperties<T extends { headers?: Record<string, unknown> }>(
  message: T,
  tracking: ITrackingProperties | undefined,
): T {
  message.headers = message.headers ?? {};
  if (tracking?.id) message.headers.id = tracking.id;
  return message;
}

export function getTrackingProperties(message: unknown): ITrackingProperties {
  return { id: trackingIdOf(message) };
}

/** The tracking id of a message, without allocating (every reply passes here). */
export function trackingIdOf(message: unknown): string | undefined {
  const id = (message as { headers?: { id?: unknown } } | null)?.headers?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** A response is an error when it carries a numeric status outside 200–299. */
export function isErrorMessage(message: unknown): boolean {
  const status = (message as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && !(status >= 200 && status < 300);
}
