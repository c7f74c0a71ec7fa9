import type { FastifyPluginAsync } from 'fastify';
import { publicGuard } from '../policy/guard-hook.ts';
import { publicAccess } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { renderEmbedPage } from './embed-page-html.ts';
import { EMBED_ROUTES, FRAME_SCRIPT_PATH } from './embed-routes.ts';
import { BROWSER_SCRIPT_HEADERS, getFrameBundle } from './frame-bundle.ts';

export { EMBED_ROUTES, FRAME_SCRIPT_PATH } from './embed-routes.ts';
export { buildFrameBundle, getFrameBundle } from './frame-bundle.ts';

export interface EmbedPagesOptions {
  /** Build the frame script when the plugin registers instead of on the first request. */
  prebuild?: boolean;
}

/**
 * Headers of the embed pages. The pages exist to be framed by host pages on other origins, so
 * nothing here may forbid framing; `no-store` keeps a rebuilt frame script from being shadowed by a
 * cached page during development.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': 'frame-ancestors *',
  'x-content-type-options': 'nosniff',
};

/** Serves the embed pages at the cloud service's paths and the bundled frame script. */
export const embedPagesPlugin: FastifyPluginAsync<EmbedPagesOptions> = async (app, options) => {
  if (options.prebuild) await getFrameBundle();
  // Static pages and script: every request for data they make carries a token.
  app.addHook('onRequest', publicGuard());

  for (const { path, kind } of EMBED_ROUTES) {
    const html = renderEmbedPage(kind);
    defineRoute(app, {
      method: 'GET',
      url: path,
      guard: publicAccess('static embed page'),
      handler: async (_request, reply) => reply.headers(PAGE_HEADERS).send(html),
    });
  }

  defineRoute(app, {
    method: 'GET',
    url: FRAME_SCRIPT_PATH,
    guard: publicAccess('static frame script'),
    handler: async (_request, reply) => {
      const code = await getFrameBundle();
      return reply.headers(BROWSER_SCRIPT_HEADERS).send(code);
    },
  });
};
