import fp from 'fastify-plugin';
import { RefreshTimeCache } from './refresh-time-cache.ts';
import type { ReportDeps } from './reports.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the report services need (list, embed token, sync), built once at start-up. */
    reports: ReportDeps;
  }
}

/** The reports module's services: the database, the analytics client and the token lifetime. */
export default fp(
  (app, _options, done) => {
    app.decorate('reports', {
      db: app.db,
      analytics: app.analytics,
      embedTokenMinutes: app.config.embed.tokenMinutes,
      refreshTimes: new RefreshTimeCache(),
    });
    done();
  },
  { name: 'reports', dependencies: ['config', 'db', 'analytics'] },
);
