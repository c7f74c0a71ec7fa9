import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildInfo } from '../../../build-info.ts';
import { routeOf } from '../../route-of.ts';

/** Which release answers: during a rolling upgrade, each instance says which one it is. */
const version: FastifyPluginAsyncZod = async (app) => {
  const info = buildInfo();
  const route = routeOf(app, endpoints.getVersion);
  app.route({
    ...route,
    config: { ...route.config, rateLimit: false },
    handler: () => Promise.resolve(info),
  });
};

export default version;
