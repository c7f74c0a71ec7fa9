import fp from 'fastify-plugin';
import type { TenantDeps } from './tenants.service.ts';

/**
 * What the tenant services need, built once at start-up. The logger for a failed mail or
 * clean-up belongs to the request, so routes add `warn` per call.
 */
export type TenantServices = Omit<TenantDeps, 'warn'>;

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantServices;
  }
}

/** The tenants module's services: the database, workspaces, file storage and the invitation mail. */
export default fp(
  (app, _options, done) => {
    app.decorate('tenants', {
      db: app.db,
      workspaces: app.workspaces,
      storage: app.storage,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    done();
  },
  { name: 'tenants', dependencies: ['config', 'db', 'services'] },
);
