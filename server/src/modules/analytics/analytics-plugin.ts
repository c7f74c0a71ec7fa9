import fp from 'fastify-plugin';
import type { AnalyticsGateway } from './analytics-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics service; undefined when none is configured (routes answer 503). */
    analytics: AnalyticsGateway | undefined;
  }
}

/** Decorates the app with the analytics gateway app.ts built (or none). */
export default fp<{ gateway: AnalyticsGateway | undefined }>(
  (app, options, done) => {
    app.decorate('analytics', options.gateway);
    done();
  },
  { name: 'analytics' },
);
