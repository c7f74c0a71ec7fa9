/**
 * Every error this package produces, in one table.
 *
 * Two kinds live here:
 * - `messages`: the literal strings of powerbi-client 2.23.1. Host pages match on them, so they are
 *   part of the public interface and must never be reworded.
 * - `EmbedError` codes: failures the original had no name for (timeouts, aborted or disposed requests,
 *   a frame that is gone). They carry a stable `code` so callers can branch without parsing text.
 */

/**
 * The original library's error texts, word for word, so code written against it still matches them
 * (docs/migrating-from-powerbi-client.md). Append-only.
 */
export const messages = {
  rdlNotSupported: 'This API is currently not supported for RDL reports',
  embedUrlNotSupported:
    'Embed URL is invalid for this scenario. Please use Power BI REST APIs to get the valid URL',
  invalidEmbedUrl:
    'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL',
  noCreateSupport: 'no create support',
  accessTokenEmpty: 'Access token cannot be empty',
  noAccessToken:
    "No access token was found for element. You must specify an access token directly on the element using attribute 'powerbi-access-token' or specify a global token at: powerbi.accessToken.",
  embedUrlRequired:
    "Embed Url is required, but it was not found. You must provide an embed url either as part of embed configuration or as attribute 'powerbi-embed-url'.",
  applicationContextProviderReportOnly:
    'applicationContextProvider is only supported in report embed',
  accessTokenProviderReportOnly: 'accessTokenProvider is only supported in report SaaS embed',
  reportIdRequired:
    "Report id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute 'powerbi-report-id'.",
  dashboardIdRequired:
    "Dashboard id is required, but it was not found. You must provide an id either as part of embed configuration or as attribute 'powerbi-dashboard-id'.",
  tileIdRequired:
    'Tile id is required, but it was not found. You must provide an id either as part of embed configuration.',
  datasetIdRequired:
    'Dataset id is required, but it was not found. You must provide an id either as part of embed configuration.',
  dashboardPageView: 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize',
  layoutSwitchNotSupported:
    'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.',
  notFound: 'PowerBIEntityNotFound',
  resizeInactivePage: 'Cannot resize the page. Only the active page can be resized',
  visualGetPagesNotSupported: 'Get pages is not supported while embedding a visual.',
  visualSetPageNotSupported: 'Set page is not supported while embedding a visual.',
  visualRenderNotSupported: 'render is not supported while embedding a visual.',
  visualPageNameRequired: 'Page name is required when embedding a visual.',
  visualNameRequired:
    'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
  pageModelNotFound: "Page model not found at 'event.value.newPage'.",
  componentNameReserved:
    'The component name is reserved. Cannot register a component with this name.',
  componentAlreadyRegistered: 'A component with this type is already registered.',
  invalidRouterEventUrl: 'Invalid router event URL',
  debugNotEmbedded: 'Power BI SDK iframe is loaded but powerbi.embed is not called yet.',
  debugIframeNotReady: 'Power BI SDK is trying to post /report/load before iframe is ready.',
  debugThrottled:
    'Power BI SDK sent more than two /report/load requests in the last 100ms interval.',
} as const;

/**
 * The browser's text for a frame whose message port closed before it answered (the frame navigated
 * or was removed mid-request). Harmless, so the library logs it as a warning, not an error.
 */
export const PORT_CLOSED_TEXT = 'The message port closed before a response was received';

/** `true` for the harmless port-closed failure (by its text, wherever it is carried). */
export function isPortClosed(error: unknown): boolean {
  const text =
    typeof error === 'string'
      ? error
      : typeof (error as { message?: unknown } | null)?.message === 'string'
        ? (error as { message: string }).message
        : '';
  return text.includes(PORT_CLOSED_TEXT);
}

/** Codes of errors that are new in this package. Append-only. */
export const EmbedErrorCode = {
  /** A request to the frame got no answer within the Service's `requestTimeout`. */
  RequestTimeout: 'RequestTimeout',
  /** The Service's `signal` (or a request's own signal) was aborted. */
  RequestAborted: 'RequestAborted',
  /** The embed was reset or the Service destroyed while the request was pending. */
  Disposed: 'Disposed',
  /** The embed has no frame window to talk to (never embedded, or already reset). */
  NoFrame: 'NoFrame',
  /** A token provider failed or returned an unusable token. */
  TokenRefreshFailed: 'TokenRefreshFailed',
  /** An argument of an API added by this package (or a non-object where an object is required) is invalid. */
  InvalidArgument: 'InvalidArgument',
  /**
   * The embed URL is a well-formed http(s) URL, but its origin is neither an https host of the cloud
   * allow-list nor one of the Service's `trustedOrigins` (typically a local emulator not yet trusted).
   * The message names the origin and the option to set; it still contains the original text.
   */
  UntrustedOrigin: 'UntrustedOrigin',
} as const;

export type EmbedErrorCode = (typeof EmbedErrorCode)[keyof typeof EmbedErrorCode];

/** An error with a stable `code`. Its `message` mirrors `IError.message` so handlers of `IError` still work. */
export class EmbedError extends Error {
  override readonly name = 'EmbedError';
  readonly code: EmbedErrorCode;
  /** Mirrors powerbi-models `IError.detailedMessage`, so existing error displays show something useful. */
  readonly detailedMessage: string;

  constructor(code: EmbedErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.detailedMessage = message;
  }
}

export function isEmbedError(value: unknown): value is EmbedError {
  return value instanceof EmbedError;
}

/** `true` for a frame response envelope (`{ statusCode, headers, body }`). */
function isResponseEnvelope(value: unknown): value is { body: unknown } {
  // The original rethrows `response.body` for any rejected object, with or without a statusCode
  // (caller-supplied hpm objects often reject with a bare `{ body }`); our own errors pass through.
  return (
    typeof value === 'object' && value !== null && !(value instanceof Error) && 'body' in value
  );
}

/**
 * The one place where a failed request becomes a rejection, so the ~60 API methods stay one-liners.
 * Frame answers reject with their body (the original's `IError` / `IError[]` shapes, kept exactly);
 * local failures keep their own error instead of collapsing to `undefined` as in the original.
 */
export function toRejection(reason: unknown): unknown {
  return isResponseEnvelope(reason) ? reason.body : reason;
}
