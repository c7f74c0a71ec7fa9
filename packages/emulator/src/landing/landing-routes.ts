import type { FastifyPluginCallback } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { baseUrl } from '../rest/urls.ts';
import { emulatorInfo } from './emulator-info.ts';
import { renderLandingPage } from './landing-page.ts';

/** JSON for a client that asks for it (`Accept: application/json` without text/html first). */
const wantsJson = (accept: string | undefined) => {
  if (!accept) return false;
  const json = accept.indexOf('application/json');
  const html = accept.indexOf('text/html');
  return json >= 0 && (html < 0 || json < html);
};

/**
 * `GET /`: what the emulator offers, as an HTML page (a person who opens the printed URL) or as JSON
 * (content negotiation, for tools). `/_emulator/info` serves the same JSON (internal/index.ts).
 */
export const landingRoutes =
  (context: EmulatorContext, mountPrefix: string): FastifyPluginCallback =>
  (app, _options, done) => {
    app.get('/', (request, reply) => {
      const info = emulatorInfo(context, baseUrl(context, request, mountPrefix));
      void reply.header('vary', 'accept').header('cache-control', 'no-store');
      if (wantsJson(request.headers.accept)) return reply.send(info);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(renderLandingPage(info));
    });
    done();
  };
