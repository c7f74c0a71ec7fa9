import type { FastifyPluginCallback } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { BROWSER_SCRIPT_HEADERS, getBrowserScript } from '../embed-pages/frame-bundle.ts';
import { publicGuard } from '../policy/guard-hook.ts';
import { publicAccess } from '../policy/route-guard.ts';
import { baseUrl } from '../rest/urls.ts';
import { defineRoute } from '../routing/define-route.ts';
import { mintEmbedToken } from '../test-kit.ts';
import { credentialsVisible } from './credentials-visible.ts';
import { emulatorInfo } from './emulator-info.ts';
import { renderLandingPage, type LandingPreview } from './landing-page.ts';

/** JSON for a client that asks for it (`Accept: application/json` without text/html first). */
const wantsJson = (accept: string | undefined) => {
  if (!accept) return false;
  const json = accept.indexOf('application/json');
  const html = accept.indexOf('text/html');
  return json >= 0 && (html < 0 || json < html);
};

export const PREVIEW_SCRIPT_PATH = '/_emulator/assets/preview.js';

/**
 * The live preview: the sample report embedded in the landing page by @canopy/embed-core (served as
 * a bundled script) with a view-only embed token the emulator mints for itself. The page is public,
 * so it does this only when the admin API is on — a local test tool, whose page already shows the
 * client secret that can get such a token anyway. A hosted emulator (admin API off) shows no token
 * and no preview.
 */
function preview(context: EmulatorContext, base: string): LandingPreview | undefined {
  if (!context.config.adminApi) return undefined;
  const report = emulatorInfo(context, base).sample.reports.find(
    (candidate) => candidate.id === context.sample.salesReportId,
  );
  if (!report) return undefined;
  const { token } = mintEmbedToken(context, { reports: [report.id], lifetimeInMinutes: 60 });
  return {
    id: report.id,
    name: report.name,
    embedUrl: report.embedUrl,
    accessToken: token,
    scriptUrl: `${base}${PREVIEW_SCRIPT_PATH}`,
  };
}

/**
 * `GET /`: what the emulator offers, as an HTML page (a person who opens the printed URL) or as JSON
 * (content negotiation, for tools). `/_emulator/info` serves the same JSON (internal/index.ts).
 */
export const landingRoutes =
  (context: EmulatorContext, mountPrefix: string): FastifyPluginCallback =>
  (app, _options, done) => {
    app.addHook('onRequest', publicGuard());
    // What the emulator offers: the client secret only when the admin API is on or the client is
    // on this machine (credentials-visible.ts).
    defineRoute(app, {
      method: 'GET',
      url: '/',
      guard: publicAccess('the landing page: addresses and sample ids, no protected data'),
      handler: (request, reply) => {
        const base = baseUrl(context, request, mountPrefix);
        const info = emulatorInfo(context, base, credentialsVisible(context, request));
        void reply.header('vary', 'accept').header('cache-control', 'no-store');
        if (wantsJson(request.headers.accept)) return reply.send(info);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('x-content-type-options', 'nosniff')
          .send(renderLandingPage(info, preview(context, base)));
      },
    });

    defineRoute(app, {
      method: 'GET',
      url: PREVIEW_SCRIPT_PATH,
      guard: publicAccess("static script of the landing page's preview"),
      handler: async (_request, reply) => {
        const code = await getBrowserScript('preview');
        return reply.headers(BROWSER_SCRIPT_HEADERS).send(code);
      },
    });
    done();
  };
