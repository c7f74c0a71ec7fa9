import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import { PACKAGE_ROOT } from '../../package-root.ts';

/** `portal/dist`: where `pnpm build` puts the SPA in this repository. */
export const DEFAULT_SPA_DIR = join(PACKAGE_ROOT, '..', 'portal', 'dist');

export interface SpaOptions {
  /** CANOPY_SPA_DIR; unset: portal/dist, except under tests (which pass the folder they built). */
  dir?: string;
  env: string;
}

/**
 * Serves the portal SPA from the API's origin (one origin: no CORS, the refresh cookie stays
 * SameSite=Strict). Hashed assets are cached for a year; every other GET outside /api gets
 * index.html (history fallback), so client routes such as /admin/tenants survive a reload.
 */
export default fp<SpaOptions>(
  async (app, options) => {
    const dir = options.dir ?? (options.env === 'test' ? undefined : DEFAULT_SPA_DIR);
    if (!dir || !existsSync(join(dir, 'index.html'))) return;
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply: FastifyReply, path: string) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get(
      '/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (request.url === '/api' || request.url.startsWith('/api/'))
          throw new AppError('ROUTE_NOT_FOUND');
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      },
    );
  },
  { name: 'spa' },
);
