/**
 * The emulator's error code table. REST responses use the cloud service's bodies; the /_emulator
 * API used by the frame uses `{ error: { code, message } }`; the OAuth endpoint has its own shape
 * (see oauth/oauth-route.ts).
 */

export interface ErrorCodeInfo {
  status: number;
  message: string;
  /** The cloud sends these with a `pbi.error` object and no message. */
  pbiStyle?: boolean;
}

export const errorCodes = {
  BadRequest: { status: 400, message: 'Bad Request' },
  InvalidRequest: { status: 400, message: 'Invalid request' },
  PowerBINotAuthorizedException: {
    status: 401,
    message: 'The caller is not authorized to access this resource',
    pbiStyle: true,
  },
  InvalidToken: {
    status: 401,
    message: 'The access token was not issued by this service or is malformed',
  },
  TokenExpired: {
    status: 403,
    message: 'Access token has expired, resubmit with a new access token',
  },
  PowerBIEntityNotFound: {
    status: 404,
    message: 'The requested entity was not found',
    pbiStyle: true,
  },
  RequestEntityTooLarge: {
    status: 413,
    message: 'The request body is larger than this operation accepts',
  },
  UnsupportedMediaType: { status: 415, message: 'Unsupported media type' },
  /** A query the engine refused or stopped: over the time or memory limit (the service's 400). */
  DatasetExecuteQueriesError: {
    status: 400,
    message: 'The query could not be executed',
  },
  TooManyRequests: {
    status: 429,
    message: 'Too many requests, retry after the delay given in Retry-After',
  },
  InternalServerError: { status: 500, message: 'An internal error occurred' },
  ServiceUnavailable: { status: 503, message: 'The service is temporarily unavailable' },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorDetail {
  message: string;
  target?: string;
}

/** Thrown by route handlers; the app's error handler renders it in the shape of the area it hit. */
export class EmulatorError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: ErrorDetail[] = [],
    status?: number,
  ) {
    super(message ?? errorCodes[code].message);
    this.name = 'EmulatorError';
    this.status = status ?? errorCodes[code].status;
  }
}

export const badRequest = (message: string, target?: string) =>
  new EmulatorError('BadRequest', message, [
    target === undefined ? { message } : { message, target },
  ]);

export const notFound = (what: string) =>
  new EmulatorError('PowerBIEntityNotFound', `${what} was not found`);

/** The body the cloud REST API sends for this error. */
export function restErrorBody(error: EmulatorError): { error: Record<string, unknown> } {
  const info: ErrorCodeInfo = errorCodes[error.code];
  if (info.pbiStyle) {
    return {
      error: {
        code: error.code,
        'pbi.error': { code: error.code, parameters: {}, details: [], exceptionCulprit: 1 },
      },
    };
  }
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details.length > 0) body.details = error.details;
  return { error: body };
}

/** The body of the /_emulator API: always a code and a readable message. */
export function internalErrorBody(error: EmulatorError): {
  error: { code: string; message: string; details?: ErrorDetail[] };
} {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details.length > 0 ? { details: error.details } : {}),
    },
  };
}
