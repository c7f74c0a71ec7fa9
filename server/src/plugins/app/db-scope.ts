import fp from 'fastify-plugin';
import { runInDbScope, type DbScope } from '../../db/tenant-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's database scope: the authentication hook sets the tenant of a tenant user
     * (row-level security then limits every query of the request to it) or names the service
     * path for a super administrator. Requests without a principal run on the service path.
     */
    dbScope: DbScope;
  }
}

/**
 * Runs each request inside its database scope (tenant-context.ts). Entered with a callback, as
 * Fastify's request-context plugin does, so everything after this hook runs inside it; entered
 * again before validation, because a request body is read in the socket's context and the hooks
 * after it would otherwise run outside the scope. Registered before the authentication hook.
 */
export default fp(
  (app, _options, done) => {
    app.decorateRequest('dbScope', null as unknown as DbScope);
    app.addHook('onRequest', (request, _reply, next) => {
      request.dbScope = {};
      runInDbScope(request.dbScope, next);
    });
    app.addHook('preValidation', (request, _reply, next) => runInDbScope(request.dbScope, next));
    done();
  },
  { name: 'db-scope' },
);
