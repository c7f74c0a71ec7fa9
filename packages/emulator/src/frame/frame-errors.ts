import { TraceType, type IError } from 'powerbi-models';

/**
 * Errors the frame answers with or posts as `error` events. Shapes follow the service's IError
 * (`message`, `detailedMessage`, `errorCode`, `level`, `technicalDetails`); codes come from one table.
 */
export const FrameErrorCode = {
  TokenExpired: 'TokenExpired',
  InvalidToken: 'InvalidToken',
  NotAuthorized: 'PowerBINotAuthorizedException',
  NotFound: 'PowerBIEntityNotFound',
  LoadReportFailed: 'LoadReportFailed',
  InvalidParameters: 'Invalid parameters',
  BadRequest: 'BadRequest',
  NotLoaded: 'NotLoaded',
  NotSupported: 'NotSupported',
  Internal: 'InternalError',
} as const;
export type FrameErrorCode = (typeof FrameErrorCode)[keyof typeof FrameErrorCode];

let requestCounter = 0;

/** A fresh request id for `technicalDetails`, so errors can be told apart in logs. */
export function newRequestId(): string {
  requestCounter += 1;
  const random = Math.floor(Math.random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  return `${random}-${requestCounter.toString(16).padStart(4, '0')}`;
}

export function iError(
  errorCode: FrameErrorCode,
  message: string,
  detailedMessage: string,
  level: TraceType = TraceType.Error,
): IError {
  return {
    message,
    detailedMessage,
    errorCode,
    level,
    technicalDetails: { requestId: newRequestId() },
  };
}

/** Thrown inside a route handler to answer with `status` and an IError (or a validator's list). */
export class FrameError extends Error {
  constructor(
    readonly status: number,
    readonly body: IError | IError[],
  ) {
    super(Array.isArray(body) ? body.map((e) => e.message).join('; ') : body.message);
    this.name = 'FrameError';
  }
}

export function badRequest(
  detailedMessage: string,
  errorCode: FrameErrorCode = FrameErrorCode.BadRequest,
): FrameError {
  return new FrameError(400, iError(errorCode, errorCode, detailedMessage));
}

export function notFound(what: string): FrameError {
  return new FrameError(
    404,
    iError(FrameErrorCode.NotFound, FrameErrorCode.NotFound, `${what} was not found.`),
  );
}

export function notLoaded(): FrameError {
  return new FrameError(
    400,
    iError(
      FrameErrorCode.NotLoaded,
      'notLoaded',
      'The embedded artefact is not loaded yet. Wait for the loaded event.',
    ),
  );
}

/**
 * A request body that must be an object (a load or create configuration, settings, a theme…). Arrays
 * and primitives get one refusal on every route and embed kind, rather than whatever the route's
 * validator happens to say about them ("input must be an object").
 */
export function objectBody(body: unknown, what: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest(`${what} must be an object`, FrameErrorCode.InvalidParameters);
  }
  return body as Record<string, unknown>;
}

/** The validators of powerbi-models return `undefined` or a list of `{message}`: turn a list into a 400. */
export function assertValid(errors: IError[] | undefined): void {
  if (errors && errors.length > 0) throw new FrameError(400, errors);
}
