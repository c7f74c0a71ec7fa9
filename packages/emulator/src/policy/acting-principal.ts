import type { FastifyRequest } from 'fastify';
import type { AppTokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import type { ProfileRecord } from '../state/records.ts';

/** The header a service principal sends to act as one of its profiles. */
export const profileHeader = 'x-powerbi-profile-id';

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a REST call acts as: the token's service principal, or one of its profiles. */
export interface ActingPrincipal {
  /** The token's claims with `sub` the acting principal: the profile's id when a profile acts. */
  claims: AppTokenClaims;
  /** The profile the call acts as, when it sent the profile header. */
  profile?: ProfileRecord;
}

/**
 * Resolves `X-PowerBI-profile-id`. Without it the call is the service principal's own; with it the
 * call is the profile's, and everything after (workspace roles, the workspaces it lists, what it
 * creates, the embed tokens it generates) follows the profile, not the principal. A header that is
 * not a GUID is a 400; a profile that does not exist or that another service principal created is a
 * 404, so a caller learns nothing about other principals' profiles.
 */
export function actingPrincipal(
  context: EmulatorContext,
  request: FastifyRequest,
  claims: AppTokenClaims,
): ActingPrincipal {
  const header = request.headers[profileHeader];
  if (header === undefined) return { claims };
  const value = Array.isArray(header) ? undefined : header.trim();
  if (value === undefined || !guid.test(value)) {
    throw badRequest(
      'X-PowerBI-profile-id must be one profile id (a GUID)',
      'X-PowerBI-profile-id',
    );
  }
  const profile = context.registry.profiles.get(value.toLowerCase());
  if (!profile || profile.servicePrincipalId !== claims.sub) throw notFound(`Profile ${value}`);
  return { claims: { ...claims, sub: profile.id }, profile };
}
