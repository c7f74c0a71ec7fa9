import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSources } from '../../../modules/integrations/integrations.repository.ts';
import { SYNCABLE_SOURCES } from '../../../modules/integrations/sync.service.ts';
import { routeOf } from '../../route-of.ts';

/** The catalogue of data sources (seeded by a migration): OAuth ones connect, others are "coming soon". */
const dataSources: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listDataSources),
    handler: async () =>
      (await listSources(app.db)).map((source) => ({
        id: source.id,
        name: source.name,
        description: source.description,
        icon: source.icon,
        category: source.category,
        status: source.auth_type === 'oauth2' ? ('available' as const) : ('coming-soon' as const),
        authType: source.auth_type,
        canSync: SYNCABLE_SOURCES.has(source.id),
      })),
  });
};

export default dataSources;
