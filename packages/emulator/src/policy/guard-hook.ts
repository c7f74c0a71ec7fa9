import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { EmulatorError } from '../errors.ts';
import { policyFor, type RoutePolicy } from './route-policies.ts';

/** The refusal of a route that has no rule in route-policies.ts (fail closed). */
export const noRule = (request: FastifyRequest) =>
  new EmulatorError(
    'InternalServerError',
    `No access rule for ${request.method} ${request.routeOptions.url ?? request.url}`,
  );

/** The route pattern without the emulator's mount prefix, as route-policies.ts lists it. */
export function routeKey(request: FastifyRequest, mountPrefix: string): string {
  const url = request.routeOptions.url ?? '';
  return url.startsWith(mountPrefix) ? url.slice(mountPrefix.length) : url;
}

/**
 * An onRequest hook applying each route's rule before its handler runs. `decide` throws the
 * refusal; Fastify's own not-found answer (no route matched) has no rule and reveals nothing.
 */
export function guardHook(
  mountPrefix: string,
  decide: (request: FastifyRequest, policy: RoutePolicy) => void,
): onRequestHookHandler {
  return (request, _reply, done) => {
    try {
      if (!request.is404) {
        const policy = policyFor(request.method, routeKey(request, mountPrefix));
        if (!policy) throw noRule(request);
        decide(request, policy);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}
