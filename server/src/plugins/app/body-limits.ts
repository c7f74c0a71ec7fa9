import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import { jsonShapeProblem } from './json-shape.ts';

/** Public routes (sign-in, password reset, refresh…) carry a few short fields at most. */
export const PUBLIC_BODY_LIMIT = 8 * 1024;
/** Signed-in routes: the largest JSON body any of them needs, with room to spare. */
export const BODY_LIMIT = 1024 * 1024;
/** No request or answer of ours nests half as deep; real clients never come near it. */
export const JSON_MAX_DEPTH = 32;
/** The longest list any request carries is 1,000 ids (marking messages read). */
export const JSON_MAX_VALUES = 5000;

/**
 * Bounds the work a request body can cause before anyone has checked who sent it.
 * - Public routes take at most PUBLIC_BODY_LIMIT bytes (413 BODY_TOO_LARGE, from Content-Length
 *   before a byte is read when the client declares it). Signed-in routes keep BODY_LIMIT: their
 *   access hook runs before the body is read, so a stranger's body is never read there at all.
 * - Every JSON body is refused past JSON_MAX_DEPTH levels (400 JSON_TOO_DEEP) or JSON_MAX_VALUES
 *   values (400 JSON_TOO_MANY_VALUES) by a scan that runs before JSON.parse: parsing 800 KB of `[`
 *   holds the event loop for about a second, and so does validating 60,000 wrong list items.
 * - A URL that matches no route answers 404 without its body being parsed.
 * Registered before the routes, so its onRoute hook sees every one of them.
 */
export default fp(
  (app, _options, done) => {
    app.addHook('onRoute', (route) => {
      if (route.config?.access === 'public' && route.bodyLimit === undefined) {
        route.bodyLimit = PUBLIC_BODY_LIMIT;
      }
    });

    // Fastify's own parser, with its prototype-poisoning checks, after the depth scan.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (request, body, parsed) => {
        const text = body as string;
        if (request.is404) return parsed(null, undefined);
        const problem = jsonShapeProblem(text, {
          maxDepth: JSON_MAX_DEPTH,
          maxValues: JSON_MAX_VALUES,
        });
        if (problem === 'depth') return parsed(new AppError('JSON_TOO_DEEP'), undefined);
        if (problem === 'values') return parsed(new AppError('JSON_TOO_MANY_VALUES'), undefined);
        void parseJson(request, text, parsed);
      },
    );
    done();
  },
  { name: 'body-limits' },
);
