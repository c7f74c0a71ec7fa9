import fp from 'fastify-plugin';
import type { SubscriptionDeps } from './subscription-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What sending report subscriptions needs: the database, the analytics client (for the export),
     * the mailer and the portal's address for the links in each mail.
     */
    subscriptions: SubscriptionDeps;
  }
}

/** The subscription worker's dependencies, built once at start-up like every module's. */
export default fp(
  (app, _options, done) => {
    app.decorate('subscriptions', {
      db: app.db,
      analytics: app.analytics,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    done();
  },
  { name: 'subscriptions', dependencies: ['config', 'db', 'services', 'analytics'] },
);
