import fp from 'fastify-plugin';

export interface CorsOptions {
  origins: string[];
}

/**
 * Cross-origin access is off by default: the SPA is served from the same origin. Operators who host
 * it elsewhere list its origins in CANOPY_CORS_ORIGINS; only those get CORS headers.
 */
export default fp<CorsOptions>(
  (app, { origins }, done) => {
    if (origins.length > 0) {
      const allowed = new Set(origins);
      app.addHook('onRequest', async (request, reply) => {
        const origin = request.headers.origin;
        if (!origin || !allowed.has(origin)) return;
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-allow-credentials', 'true');
        reply.header('vary', 'Origin');
        if (request.method === 'OPTIONS') {
          reply.header('access-control-allow-methods', 'GET,POST,PUT,DELETE');
          reply.header('access-control-allow-headers', 'authorization,content-type,last-event-id');
          reply.header('access-control-max-age', '600');
          return reply.code(204).send();
        }
      });
    }
    done();
  },
  { name: 'cors' },
);
