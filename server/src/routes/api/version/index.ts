import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildInfo } from '../../../build-info.ts';
import { routeOf } from '../../route-of.ts';

/**
 * Which release answers: during a rolling upgrade, each instance says which one it is. The commit
 * and Node.js version are build details a stranger could match to known flaws: production answers
 * them only with CANOPY_PUBLIC_API_INFO=on (the start-up log always has them).
 */
const version: FastifyPluginAsyncZod = async (app) => {
  const built = buildInfo();
  const info = app.config.publicApiInfo ? built : { ...built, commit: null, node: null };
  const route = routeOf(app, endpoints.getVersion);
  app.route({
    ...route,
    config: { ...route.config, rateLimit: false },
    handler: () => Promise.resolve(info),
  });
};

export default version;
