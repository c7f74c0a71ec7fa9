import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { contactsOf, invoicesOf } from './accounting-data.ts';
import { consentPage } from './consent-page.ts';
import { keepInFile } from './xero-state-file.ts';
import { accessTokenSeconds, XeroStore, type XeroClient } from './xero-store.ts';

export interface XeroProviderOptions {
  /** Registered apps (default: one, `canopy-xero-app` / `canopy-xero-secret`, any redirect URI). */
  clients?: XeroClient[];
  /** The accounting data's "today" (YYYY-MM-DD). */
  today?: string;
  now?: () => number;
  /**
   * Where consents and tokens are kept across restarts (a JSON file, written shortly after each
   * change and at close); default: memory only, so a restart signs every app out.
   */
  stateFile?: string;
}

export const defaultXeroClient: XeroClient = {
  clientId: 'canopy-xero-app',
  clientSecret: 'canopy-xero-secret',
};

/** Where each Xero endpoint lives under the provider's mount point (the real hosts differ). */
export const xeroPaths = {
  authorize: '/identity/connect/authorize',
  token: '/connect/token',
  revocation: '/connect/revocation',
  connections: '/connections',
  accounting: '/api.xro/2.0',
} as const;

type Form = Record<string, string | undefined>;

const oauthError = (reply: FastifyReply, status: number, error: string, description?: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(description ? { error, error_description: description } : { error });

/** Xero's API problem body (Accounting and Identity APIs). */
const apiProblem = (reply: FastifyReply, status: number, title: string, detail: string) =>
  reply.code(status).send({ Type: null, Title: title, Status: status, Detail: detail });

/** Client authentication: HTTP Basic, or client_id + client_secret in the body (both Xero's). */
function clientOf(store: XeroStore, request: FastifyRequest, body: Form): XeroClient | undefined {
  let id = body.client_id;
  let secret = body.client_secret;
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    }
  }
  const client = id ? store.client(id) : undefined;
  return client && client.clientSecret === secret ? client : undefined;
}

const formOf = (body: unknown): Form =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Form) : {};

/**
 * A local stand-in for Xero's identity service and a slice of its Accounting API, for developing
 * and testing integrations offline: the authorization-code flow with a consent page and PKCE,
 * 30-minute access tokens, rotating refresh tokens, revocation, `/connections`, and Contacts and
 * Invoices over generated data. Mount it with a prefix (`startEmulator` mounts it at `/xero`).
 */
export const xeroProvider =
  (options: XeroProviderOptions = {}): FastifyPluginCallback =>
  (app, _options, done) => {
    const store = new XeroStore(options.clients ?? [defaultXeroClient], options.now);
    if (options.stateFile) keepInFile(app, store, options.stateFile);
    const today = options.today ?? new Date().toISOString().slice(0, 10);

    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      return oauthError(reply, status, status === 500 ? 'server_error' : 'invalid_request');
    });

    const authorizeParams = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state'];
    const optionalParams = ['code_challenge', 'code_challenge_method'];

    /** Checks an authorize request; errors the app cannot be told about are shown as 400. */
    function checkAuthorize(params: Form, reply: FastifyReply): XeroClient | undefined {
      const client = params.client_id ? store.client(params.client_id) : undefined;
      if (!client || !params.redirect_uri || !store.redirectAllowed(client, params.redirect_uri)) {
        void oauthError(reply, 400, 'unauthorized_client', 'Unknown client or redirect_uri');
        return undefined;
      }
      if (params.response_type !== 'code' || !params.scope) {
        void oauthError(reply, 400, 'invalid_request', 'response_type=code and scope are required');
        return undefined;
      }
      if (params.code_challenge && params.code_challenge_method !== 'S256') {
        void oauthError(reply, 400, 'invalid_request', 'code_challenge_method must be S256');
        return undefined;
      }
      return client;
    }

    app.get<{ Querystring: Form }>(xeroPaths.authorize, (request, reply) => {
      const params = request.query;
      if (!checkAuthorize(params, reply)) return reply;
      const kept = Object.fromEntries(
        [...authorizeParams, ...optionalParams]
          .filter((name) => typeof params[name] === 'string')
          .map((name) => [name, params[name] as string]),
      );
      // Browsers apply form-action to the redirect after the post too: the app's origin is listed,
      // or Allow and Cancel could never reach its callback.
      const appOrigin = new URL(params.redirect_uri as string).origin;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigin}`,
        )
        .send(consentPage(kept, `${app.prefix}${xeroPaths.authorize}`));
    });

    app.post(xeroPaths.authorize, (request, reply) => {
      const params = formOf(request.body);
      if (!checkAuthorize(params, reply)) return reply;
      const target = new URL(params.redirect_uri as string);
      if (params.decision !== 'allow') {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = store.consent({
          clientId: params.client_id as string,
          scope: params.scope as string,
          redirectUri: params.redirect_uri as string,
          codeChallenge: params.code_challenge,
        });
        target.searchParams.set('code', code);
        target.searchParams.set('scope', params.scope as string);
      }
      if (params.state) target.searchParams.set('state', params.state);
      return reply.redirect(target.toString(), 302);
    });

    app.post(xeroPaths.token, (request, reply) => {
      const body = formOf(request.body);
      const client = clientOf(store, request, body);
      if (!client) return oauthError(reply, 400, 'invalid_client');
      let result;
      if (body.grant_type === 'authorization_code') {
        result = store.exchangeCode({
          clientId: client.clientId,
          code: body.code ?? '',
          redirectUri: body.redirect_uri ?? '',
          codeVerifier: body.code_verifier,
        });
      } else if (body.grant_type === 'refresh_token') {
        result = store.refresh(client.clientId, body.refresh_token ?? '');
      } else {
        return oauthError(reply, 400, 'unsupported_grant_type');
      }
      if (!result.ok) return oauthError(reply, 400, result.error, result.description);
      return reply.header('cache-control', 'no-store').send({
        access_token: result.accessToken,
        refresh_token: result.refreshToken,
        expires_in: accessTokenSeconds,
        token_type: 'Bearer',
        scope: result.scope,
      });
    });

    app.post(xeroPaths.revocation, (request, reply) => {
      const body = formOf(request.body);
      const client = clientOf(store, request, body);
      if (!client) return oauthError(reply, 400, 'invalid_client');
      if (!body.token) return oauthError(reply, 400, 'invalid_request', 'token is required');
      store.revoke(client.clientId, body.token);
      return reply.code(200).send();
    });

    const grantOf = (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const found = header?.startsWith('Bearer ') ? store.grantOf(header.slice(7)) : undefined;
      if (!found) void apiProblem(reply, 401, 'Unauthorized', 'AuthenticationUnsuccessful');
      return found;
    };

    app.get<{ Querystring: { authEventId?: string } }>(xeroPaths.connections, (request, reply) => {
      const found = grantOf(request, reply);
      if (!found) return reply;
      const { authEventId } = request.query;
      return found.grant.connections.filter(
        (connection) => !authEventId || connection.authEventId === authEventId,
      );
    });

    app.delete<{ Params: { id: string } }>(`${xeroPaths.connections}/:id`, (request, reply) => {
      const found = grantOf(request, reply);
      if (!found) return reply;
      if (!store.disconnect(found.grantId, request.params.id)) {
        return apiProblem(reply, 404, 'Not Found', 'The connection was not found');
      }
      return reply.code(204).send();
    });

    /** Accounting calls name the organisation in xero-tenant-id; it must be connected. */
    const organisationOf = (request: FastifyRequest, reply: FastifyReply) => {
      const found = grantOf(request, reply);
      if (!found) return undefined;
      const tenantId = request.headers['xero-tenant-id'];
      const connected = found.grant.connections.some(
        (connection) =>
          connection.tenantId === tenantId && connection.tenantType === 'ORGANISATION',
      );
      if (typeof tenantId !== 'string' || !connected) {
        void apiProblem(reply, 403, 'Forbidden', 'AuthorizationUnsuccessful');
        return undefined;
      }
      return tenantId;
    };

    const pageSize = 100;
    const pageOf = (query: { page?: string }) => Math.max(1, Number(query.page) || 1);

    app.get<{ Querystring: { page?: string } }>(
      `${xeroPaths.accounting}/Contacts`,
      (request, reply) => {
        const tenantId = organisationOf(request, reply);
        if (!tenantId) return reply;
        return { Contacts: contactsOf(tenantId) };
      },
    );

    app.get<{ Querystring: { page?: string } }>(
      `${xeroPaths.accounting}/Invoices`,
      (request, reply) => {
        const tenantId = organisationOf(request, reply);
        if (!tenantId) return reply;
        const page = pageOf(request.query);
        const all = invoicesOf(tenantId, today);
        return { Invoices: all.slice((page - 1) * pageSize, page * pageSize) };
      },
    );
    done();
  };
