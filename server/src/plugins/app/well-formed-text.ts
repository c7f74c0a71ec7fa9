import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';

/**
 * Whether a string can be stored and shown as text: no NUL character (PostgreSQL text cannot hold
 * one) and no lone UTF-16 surrogate (JSON lets `"\ud800"` through; PostgreSQL's jsonb refuses it,
 * and no font draws it).
 */
export const isWellFormedText = (value: string) =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
// (String.prototype.isWellFormed says the same, but the lib we compile against, ES2023, does not
// declare it.)
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first string in a value (object keys included) that is not well-formed text, or undefined.
 * Bodies are already bounded in depth and size (body-limits.ts) before anything walks them.
 */
export function malformedText(value: unknown): string | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : value;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormedText(key)) return key;
    const bad = malformedText(item);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** Refuses (400 MALFORMED_TEXT) a multipart field value or anything else read outside the hook. */
export function assertWellFormedText(value: unknown): void {
  if (malformedText(value) !== undefined) throw new AppError('MALFORMED_TEXT');
}

// RFC 2046: a boundary is 1 to 70 characters, quoted or not.
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

function hasBoundary(request: FastifyRequest): boolean {
  return BOUNDARY.test(request.headers['content-type'] ?? '');
}

/**
 * Bad text is a 400 on every route, decided once here rather than by each route or, worse, by the
 * database as a 500: after the body is parsed and before the schema is checked, every string of
 * the body, the query and the path parameters is walked (400 MALFORMED_TEXT), and a multipart body
 * without a boundary is refused before any route tries to read it (400 MALFORMED_MULTIPART).
 * Multipart field values are read by the routes themselves, which check them with
 * assertWellFormedText.
 */
export default fp(
  (app, _options, done) => {
    app.addHook('preValidation', (request, _reply, next) => {
      if (request.isMultipart() && !hasBoundary(request)) {
        return next(new AppError('MALFORMED_MULTIPART'));
      }
      const bad = [request.params, request.query, request.body].some(
        (value) => malformedText(value) !== undefined,
      );
      next(bad ? new AppError('MALFORMED_TEXT') : undefined);
    });
    done();
  },
  { name: 'well-formed-text' },
);
