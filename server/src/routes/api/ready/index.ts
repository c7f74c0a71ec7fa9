import { endpoints } from '@canopy/portal-contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingMigrations, unknownMigrations } from '../../../db/migrate.ts';
import { routeOf } from '../../route-of.ts';

/**
 * Readiness, for load balancers and orchestrators: 200 only when this instance can serve — the
 * database answers and has every migration this release needs and none it does not know (code
 * older than its schema answers wrongly: drained until replaced). Liveness stays /api/health (a
 * database outage must take instances out of rotation, not get them restarted). While the server
 * closes, Fastify answers 503 before any route runs, so a draining instance leaves rotation too.
 */
const ready: FastifyPluginAsyncZod = async (app) => {
  let newerSchemaLogged = false;
  const route = routeOf(app, endpoints.getReadiness);
  app.route({
    ...route,
    config: { ...route.config, rateLimit: false },
    handler: async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, reason: 'database' as const });
      }
      let pending: number;
      try {
        pending = await pendingMigrations(app.db);
      } catch {
        pending = -1;
      }
      if (pending !== 0) {
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, reason: 'migrations' as const });
      }
      const unknown = await unknownMigrations(app.db).catch(() => []);
      if (unknown.length > 0) {
        const detail = `The database has ${unknown.length} migration(s) this release does not know (newest: ${unknown.at(-1)}): a newer release migrated it. Replace this instance with the new release.`;
        // Once per instance: the probe asks every few seconds until the instance is replaced.
        if (!newerSchemaLogged) app.log.error(`Not ready: ${detail}`);
        newerSchemaLogged = true;
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, reason: 'newer-schema' as const, detail });
      }
      return { status: 'ready' as const };
    },
  });
};

export default ready;
