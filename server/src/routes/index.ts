import type { FastifyPluginAsync } from 'fastify';
import auth from './api/auth/index.ts';
import health from './api/health/index.ts';

/**
 * Every API resource and its prefix. One line per resource folder under routes/api; each folder's
 * index.ts is an encapsulated plugin whose routes declare `config.access` (see authenticate.ts).
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(health, { prefix: '/api/health' });
  await app.register(auth, { prefix: '/api/auth' });
};

export default routes;
