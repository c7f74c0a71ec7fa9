import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { canReadReport } from '../policy/embed-access.ts';
import { embedToken } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { claimsOf, notAuthorized, reportOr404 } from './guards.ts';

/** Persistent filters larger than this are refused: they are a few filters, not data. */
const MAX_STATE_BYTES = 64 * 1024;

/** Filters by name (page or visual key) → list; keys bounded like the report's own pages and visuals. */
const filtersByKey: JsonSchema = {
  type: 'object',
  maxProperties: 500,
  additionalProperties: { type: 'array', maxItems: 100, items: { type: 'object' } },
};

/** Persistent filters as the frame saves them (its FilterSnapshot): filters and slicer states. */
const filterSnapshotSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    activePage: { type: ['string', 'null'], maxLength: 256 },
    reportFilters: { type: 'array', maxItems: 100, items: { type: 'object' } },
    pageFilters: filtersByKey,
    visualFilters: filtersByKey,
    slicers: { type: 'object', maxProperties: 500, additionalProperties: { type: 'object' } },
  },
};

/**
 * The user a persistent-filter state belongs to: the effective identity of an embed token (the
 * end user the app embeds for), else the principal that obtained the token.
 */
function userOf(claims: TokenClaims): string {
  if (claims.typ === 'embed' && claims.identities[0])
    return `user:${claims.identities[0].username}`;
  return `principal:${claims.sub}`;
}

/**
 * Persistent filters (savePersistentFilters / resetPersistentFilters), stored per report and user
 * on the server as the service does — not in the frame's storage, which browsers deny to
 * third-party frames.
 */
export function userStateRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const keyOf = (claims: TokenClaims, reportId: string) => {
    const record = reportOr404(context, reportId);
    if (!canReadReport(context, claims, record))
      throw notAuthorized(`report ${record.definition.id}`);
    return `${record.definition.id}\u0000${userOf(claims)}`;
  };
  const states = context.registry.userStates;

  defineRoute<{ Params: { reportId: string } }>(app, {
    method: 'GET',
    url: '/reports/:reportId/userState',
    guard: embedToken('userState'),
    handler: (request) => {
      const key = keyOf(claimsOf(context, request), request.params.reportId);
      return { state: states.get(key) ?? null };
    },
  });

  defineRoute<{ Params: { reportId: string } }>(app, {
    method: 'PUT',
    url: '/reports/:reportId/userState',
    guard: embedToken('userState'),
    body: { type: 'object', required: ['state'], properties: { state: filterSnapshotSchema } },
    handler: (request, reply) => {
      const key = keyOf(claimsOf(context, request), request.params.reportId);
      const body: unknown = request.body;
      const state = (body as { state?: unknown } | null)?.state;
      if (typeof state !== 'object' || state === null || Array.isArray(state))
        throw badRequest('state must be an object', 'state');
      if (JSON.stringify(state).length > MAX_STATE_BYTES)
        throw badRequest(`state must be under ${MAX_STATE_BYTES} bytes`, 'state');
      states.set(key, state);
      return reply.code(204).send();
    },
  });

  defineRoute<{ Params: { reportId: string } }>(app, {
    method: 'DELETE',
    url: '/reports/:reportId/userState',
    guard: embedToken('userState'),
    handler: (request, reply) => {
      const key = keyOf(claimsOf(context, request), request.params.reportId);
      states.delete(key);
      return reply.code(204).send();
    },
  });
}
