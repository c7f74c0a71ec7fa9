import fp from 'fastify-plugin';
import type { AnalyticsClient } from './analytics-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics REST client; undefined when no service is configured (routes answer 503). */
    analytics: AnalyticsClient | undefined;
  }
}

/** Decorates the app with the analytics client app.ts built (or none). */
export default fp<{ client: AnalyticsClient | undefined }>(
  (app, options, done) => {
    app.decorate('analytics', options.client);
    done();
  },
  { name: 'analytics' },
);
