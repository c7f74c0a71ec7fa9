import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness: 200 when the database answers, else 503 (readiness, with migrations: /api/ready). */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Liveness: 200 when the database answers, else 503',
        security: [],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};

export default health;
