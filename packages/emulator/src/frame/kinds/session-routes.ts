import type { IError } from 'powerbi-models';
import { assertValid, objectBody } from '../frame-errors.ts';
import { accepted, type RouteTable } from '../protocol/route-table.ts';
import type { TokenManager } from '../token-manager.ts';
import type { LoadHeaders } from './embed-session.ts';

export interface LoadRoute<C> {
  /** The powerbi-models validator of this configuration; its error list is answered as a 400. */
  validate: (config: C) => IError[] | undefined;
  /** Refusals beyond the schema (this emulator's limits), checked after `validate`. */
  refuse?: (config: C) => void;
  /** Starts the load. The host is answered 202 at once: the outcome arrives as events. */
  start: (config: C, headers: LoadHeaders) => Promise<void>;
  /** Names the body in the refusal of a non-object ("The load configuration must be an object"). */
  subject?: string;
}

/**
 * A kind's load (or create) request. Only what can be told from the request itself is answered with an
 * error status; everything that needs the emulator (token, entity) fails later as an `error` event,
 * as with the service.
 */
export function registerLoadRoute<C>(routes: RouteTable, path: string, route: LoadRoute<C>): void {
  routes.post(path, (request) => {
    const config = objectBody(request.body, route.subject ?? 'The load configuration') as C;
    assertValid(route.validate(config));
    route.refuse?.(config);
    void route.start(config, request.headers);
    return accepted();
  });
}

/**
 * `setAccessToken`: the library posts the raw token to `/report/token`, `/dashboard/token` or
 * `/tile/token`, and to `/report/token` for create, visual, Q&A and quick create too. A bad token is
 * refused (400/403) and the old one kept.
 */
export function registerTokenRoutes(
  routes: RouteTable,
  tokens: TokenManager,
  ...paths: string[]
): void {
  for (const path of paths) {
    routes.post(path, async (request) => {
      await tokens.replace(request.body);
      return accepted();
    });
  }
}
