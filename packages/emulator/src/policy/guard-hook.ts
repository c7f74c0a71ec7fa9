import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { EmulatorError } from '../errors.ts';
import { guardOf, type RouteGuard } from './route-guard.ts';

/** The refusal of a route registered without a guard (fail closed). */
export const noRule = (request: FastifyRequest) =>
  new EmulatorError(
    'InternalServerError',
    `No access rule for ${request.method} ${request.routeOptions.url ?? request.url}`,
  );

/**
 * An onRequest hook applying each route's guard (its `config.guard`) before its handler runs.
 * `decide` throws the refusal; Fastify's own not-found answer (no route matched) has no guard and
 * reveals nothing.
 */
export function guardHook(
  decide: (request: FastifyRequest, guard: RouteGuard) => void,
): onRequestHookHandler {
  return (request, _reply, done) => {
    try {
      if (!request.is404) {
        const guard = guardOf(request.routeOptions.config);
        if (!guard) throw noRule(request);
        decide(request, guard);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}

/**
 * The guard of an area that serves public routes only (OAuth, pages, redirects): a route there still
 * declares why it is public, and any other rule is a mistake refused like a missing one.
 */
export const publicGuard = (): onRequestHookHandler =>
  guardHook((request, guard) => {
    if (guard.kind !== 'public') {
      throw new EmulatorError(
        'InternalServerError',
        `A ${guard.kind} rule on the public route ${request.routeOptions.url ?? request.url}`,
      );
    }
  });
