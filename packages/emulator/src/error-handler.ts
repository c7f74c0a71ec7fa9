import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { EmulatorError, errorCodes } from './errors.ts';

/** Turns any error inside a scope into an EmulatorError: ours (schema checks included) or body parsing. */
export function toEmulatorError(error: unknown): EmulatorError {
  if (error instanceof EmulatorError) return error;
  const fastifyError = error as Partial<FastifyError> & { message?: string };
  const status = fastifyError.statusCode ?? 500;
  if (status === 415) return new EmulatorError('UnsupportedMediaType', fastifyError.message);
  if (status === 413) return new EmulatorError('RequestEntityTooLarge');
  if (status >= 400 && status < 500) {
    const message = fastifyError.message ?? errorCodes.BadRequest.message;
    return new EmulatorError('BadRequest', message, [{ message, target: 'body' }], status);
  }
  return new EmulatorError('InternalServerError');
}

/** An error handler rendering errors with the given body shape. 5xx that are not ours are logged. */
export const errorHandler =
  (render: (error: EmulatorError) => unknown) =>
  (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = toEmulatorError(error);
    if (mapped.code === 'InternalServerError' && !(error instanceof EmulatorError)) {
      request.log.error({ err: error }, 'emulator request failed');
    }
    // Throttling errors say how long to wait (the query rate limit, injected throttling).
    const retryAfter = (mapped as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    if (mapped.code === 'PowerBINotAuthorizedException' && mapped.status === 401) {
      reply.header(
        'www-authenticate',
        'Bearer authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize"',
      );
    }
    return reply.code(mapped.status).send(render(mapped));
  };
