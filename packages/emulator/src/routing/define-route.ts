import type {
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { GuardConfig, RouteGuard } from '../policy/route-guard.ts';
import type { JsonSchema } from '../validation/json-schema.ts';

/**
 * One route of the emulator, declared once: where it is, who may call it, what it accepts and what
 * it does. The guard runs first (onRequest), then the body cap and schemas, then the handler.
 */
export interface RouteDeclaration<T extends RouteGenericInterface> {
  /** `ALL`: every method (the 404 catch-alls). */
  method: HTTPMethods | 'ALL';
  /** Relative to the plugin the route is registered in. */
  url: string;
  guard: RouteGuard;
  /** The body's shape, checked strictly before the handler runs (see validation/). */
  body?: JsonSchema;
  /** A body cap above the default, for bodies that legitimately carry more. */
  bodyLimit?: number;
  querystring?: JsonSchema;
  /** The route runs queries: each request counts against the per-user query rate limit. */
  queryRateLimit?: boolean;
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    T
  >;
}

/** The route options' `config` of a declared route. */
export interface RouteConfig extends GuardConfig {
  queryRateLimit?: boolean;
}

// Declared on Fastify's route config, so an app that mounts the emulator and declares its own
// route config (the portal server's `access`) still type-checks the emulator's routes.
declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
    queryRateLimit?: boolean;
  }
}

/** Whether a route declared that it runs queries (routing/query-rate-limiter.ts reads it). */
export function isQueryRoute(config: unknown): boolean {
  return (
    typeof config === 'object' && config !== null && (config as RouteConfig).queryRateLimit === true
  );
}

/**
 * Registers a route from its declaration: the guard goes to `config.guard` (read by the guards and
 * the authorization tests), the schemas to `schema` (read by the validator and the fuzz suite), the
 * query rate limit to `config.queryRateLimit`.
 */
export function defineRoute<T extends RouteGenericInterface = RouteGenericInterface>(
  app: FastifyInstance,
  route: RouteDeclaration<T>,
): void {
  const config: RouteConfig = {
    guard: route.guard,
    ...(route.queryRateLimit ? { queryRateLimit: true } : {}),
  };
  const schema: FastifySchema = {};
  if (route.body) schema.body = route.body;
  if (route.querystring) schema.querystring = route.querystring;
  const options = {
    config,
    ...(Object.keys(schema).length > 0 ? { schema } : {}),
    ...(route.bodyLimit !== undefined ? { bodyLimit: route.bodyLimit } : {}),
  };
  if (route.method === 'ALL') app.all<T>(route.url, options, route.handler);
  else app.route<T>({ ...options, method: route.method, url: route.url, handler: route.handler });
}
