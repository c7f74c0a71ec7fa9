import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError } from '../errors.ts';
import { applyKnobs } from '../routing/knob-hook.ts';
import { publicGuard } from '../policy/guard-hook.ts';
import { publicAccess } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';

/** Entra's error body: `error`, `error_description` starting with the AADSTS code, and trace ids. */
function oauthError(
  reply: FastifyReply,
  status: number,
  error: string,
  aadsts: number,
  description: string,
) {
  const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
  return reply.code(status).send({
    error,
    error_description: `AADSTS${aadsts}: ${description} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${now}Z`,
    error_codes: [aadsts],
    timestamp: `${now}Z`,
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
  });
}

/**
 * POST /:tenantId/oauth2/v2.0/token — the client-credentials grant (form-urlencoded), answering like
 * Entra ID: a Bearer token with expires_in/ext_expires_in, or invalid_client (401) for an unknown
 * client or wrong secret.
 */
export const oauthRoutes =
  (context: EmulatorContext): FastifyPluginCallback =>
  (app, _options, done) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.addHook('onRequest', applyKnobs(context, 'oauth'));
    app.addHook('onRequest', publicGuard());
    // Injected failures keep their status; parser errors are Entra's invalid_request.
    app.setErrorHandler(
      (error: { statusCode?: number; status?: number; message: string }, _request, reply) => {
        const status = error instanceof EmulatorError ? error.status : (error.statusCode ?? 500);
        const code =
          status === 429
            ? 'temporarily_unavailable'
            : status >= 500
              ? 'server_error'
              : 'invalid_request';
        return oauthError(reply, status, code, status === 429 ? 50196 : 900144, error.message);
      },
    );

    defineRoute<{ Params: { tenantId: string }; Body: Record<string, string> | undefined }>(app, {
      method: 'POST',
      url: '/:tenantId/oauth2/v2.0/token',
      guard: publicAccess('client credentials are the authentication'),
      // Form fields arrive as text; other content types are refused by the handler.
      body: {
        type: ['object', 'null'],
        maxProperties: 50,
        additionalProperties: { type: 'string', maxLength: 8192 },
      },
      handler: (request, reply) => {
        const { tenantId } = request.params;
        if (tenantId !== context.config.tenantId && tenantId !== 'organizations') {
          return oauthError(
            reply,
            400,
            'invalid_request',
            90002,
            `Tenant '${tenantId}' not found.`,
          );
        }
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          return oauthError(
            reply,
            400,
            'invalid_request',
            900144,
            "The request body must contain the following parameter: 'grant_type'.",
          );
        }
        for (const parameter of ['grant_type', 'client_id', 'scope']) {
          if (!body[parameter]) {
            return oauthError(
              reply,
              400,
              'invalid_request',
              900144,
              `The request body must contain the following parameter: '${parameter}'.`,
            );
          }
        }
        if (body.grant_type !== 'client_credentials') {
          return oauthError(
            reply,
            400,
            'unsupported_grant_type',
            70003,
            `The app requested an unsupported grant type '${body.grant_type}'.`,
          );
        }
        if (!body.scope?.endsWith('/.default')) {
          return oauthError(
            reply,
            400,
            'invalid_scope',
            1002012,
            `The provided value for scope ${body.scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
          );
        }
        const client = context.config.clients.find(
          (candidate) => candidate.clientId === body.client_id,
        );
        if (!client) {
          return oauthError(
            reply,
            401,
            'invalid_client',
            700016,
            `Application with identifier '${body.client_id}' was not found in the directory '${tenantId}'.`,
          );
        }
        if (!body.client_secret || body.client_secret !== client.clientSecret) {
          return oauthError(
            reply,
            401,
            'invalid_client',
            7000215,
            'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
          );
        }
        const lifetime = context.config.appTokenLifetimeSeconds;
        const issued = context.tokens.issueAppToken(client.clientId, lifetime);
        return reply.header('cache-control', 'no-store').send({
          token_type: 'Bearer',
          expires_in: lifetime,
          ext_expires_in: lifetime,
          access_token: issued.token,
        });
      },
    });
    done();
  };
