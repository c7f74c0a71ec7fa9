import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readLogo } from '../../../modules/storage/logos.service.ts';
import { routeOf } from '../../route-of.ts';

/**
 * Stored logos, public by unguessable name (the login page and top bar show them). Only files
 * stored as logos are served; the type is the one sniffed at upload, never guessed again.
 */
const files: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.getFile),
    handler: async (request, reply) => {
      const file = await readLogo(app.logos, request.params.key);
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', `inline; filename="${request.params.key}"`)
          // Opened directly, the file is a document of its own: give it no powers at all.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.body)
      );
    },
  });
};

export default files;
