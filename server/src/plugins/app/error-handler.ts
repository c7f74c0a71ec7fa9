import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { databaseBusy } from '../../db/database-busy.ts';
import { AppError, ERRORS, type ErrorCode, type FieldError } from '../../errors.ts';

/** Fastify and plugin error codes that are the client's fault, mapped to ours. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PROTO_VIOLATION: 'VALIDATION_FAILED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_BAD_URL: 'ROUTE_NOT_FOUND',
};

/**
 * What the multipart reader throws, without a code, on a body it cannot read: cut short, or (past
 * the boundary check in well-formed-text.ts) without a boundary. The client's fault, so a 400.
 */
const MULTIPART_READ_ERROR = /unexpected end of multipart data$|^multipart: boundary not found$/i;

/** A body with thousands of broken items gets the first few named, not a megabyte of answer. */
const MAX_FIELDS = 20;

function fieldsOf(error: FastifyError): FieldError[] | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const where = error.validationContext ?? 'body';
  return error.validation.slice(0, MAX_FIELDS).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path: path ? `${where}.${path}` : where, message: issue.message ?? 'Invalid value' };
  });
}

/** Turns anything thrown into `{ error, code }`; never a stack trace, never a 5xx for bad input. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const busy = databaseBusy(error);
  if (busy) return new AppError(busy);
  if (isDatabaseUnavailable(error)) return new AppError('DATABASE_UNAVAILABLE');
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    return new AppError('VALIDATION_FAILED', { fields: fieldsOf(fastifyError) });
  }
  if (error instanceof Error && !fastifyError.code && MULTIPART_READ_ERROR.test(error.message)) {
    return new AppError('MALFORMED_MULTIPART');
  }
  const mapped = fastifyError?.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped);
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (Object.keys(ERRORS) as ErrorCode[]).find((c) => ERRORS[c].status === status);
    return new AppError(code ?? 'VALIDATION_FAILED');
  }
  return new AppError('INTERNAL');
}

export default fp(
  (app: FastifyInstance, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else if (appError.code === 'FORBIDDEN') {
        // Failed authorisation is worth a trace (ASVS 16.3.2); the message carries no secrets.
        request.log.warn({ route: request.routeOptions.url, code: appError.code }, 'forbidden');
      }
      for (const [name, value] of Object.entries(appError.headers ?? {})) reply.header(name, value);
      return reply.code(appError.statusCode).send({
        error: appError.message,
        code: appError.code,
        ...(appError.fields ? { fields: appError.fields } : {}),
      });
    });
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' }),
    );
    done();
  },
  { name: 'error-handler' },
);
