import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json.
 * `serve: false` (production unless CANOPY_PUBLIC_API_INFO=on) still builds the document, for
 * `app.swagger()`, but serves neither page: nothing maps the API for a stranger.
 */
export default fp<{ publicUrl: string; serve: boolean }>(
  async (app, { publicUrl, serve }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Canopy portal API',
          description: 'The API behind the Canopy reporting portal. Errors are `{ error, code }`.',
          version: '1.0.0',
          license: { name: 'MIT', identifier: 'MIT' },
        },
        // Paths already start with /api: the server is the portal's own origin.
        servers: [{ url: publicUrl, description: 'This portal' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    if (!serve) return;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false },
      // The UI ships its own inline scripts; let it set the CSP it needs on its own pages.
      staticCSP: true,
    });
  },
  { name: 'swagger' },
);
