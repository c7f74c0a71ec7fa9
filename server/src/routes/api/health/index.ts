import { endpoints } from '@canopy/portal-contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../route-of.ts';

/** Liveness: 200 when the database answers, else 503 (readiness, with migrations: /api/ready). */
const health: FastifyPluginAsyncZod = async (app) => {
  const route = routeOf(app, endpoints.getHealth);
  app.route({
    ...route,
    config: { ...route.config, rateLimit: false },
    handler: async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  });
};

export default health;
