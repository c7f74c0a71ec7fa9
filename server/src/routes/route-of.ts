import type { Endpoint } from '@canopy/portal-contract';

/** The route schema of an endpoint, typed so the handler sees its parsed params, query and body. */
interface RouteSchema<E extends Endpoint> {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  hide?: boolean;
  consumes?: string[];
  security?: [];
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
}

/**
 * The route options of an endpoint declared in `@canopy/portal-contract`: method, URL (relative to
 * the plugin's prefix), schema and access. Spread into `app.route({ ...routeOf(app, e), handler })`
 * so every route is registered from its one declaration.
 */
export function routeOf<const E extends Endpoint>(app: { prefix: string }, declaration: E) {
  if (!declaration.path.startsWith(app.prefix)) {
    throw new Error(`${declaration.operationId}: ${declaration.path} is not under ${app.prefix}`);
  }
  // Absent parts stay absent (not `undefined`), as Fastify and the OpenAPI transform expect.
  const schema = {
    operationId: declaration.operationId,
    summary: declaration.summary,
    tags: [...declaration.tags],
  } as RouteSchema<E>;
  // None declared (a file, a redirect): the OpenAPI transform then documents a default response.
  if (Object.keys(declaration.responses).length > 0) schema.response = declaration.responses;
  if (declaration.params) schema.params = declaration.params;
  if (declaration.query) schema.querystring = declaration.query;
  if (declaration.body) schema.body = declaration.body;
  if (declaration.description) schema.description = declaration.description;
  if (declaration.hide) schema.hide = true;
  if (declaration.consumes) schema.consumes = [...declaration.consumes];
  // Public endpoints take no bearer token: the document says so instead of the global default.
  if (declaration.access === 'public') schema.security = [];
  return {
    method: declaration.method,
    url: declaration.path.slice(app.prefix.length),
    config: { access: declaration.access, mfaEnrolment: declaration.mfaEnrolment === true },
    schema,
  };
}
