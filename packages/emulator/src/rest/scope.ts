import type { FastifyRequest } from 'fastify';
import type { AppTokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { restAccessOf } from '../policy/rest-guard.ts';
import type { WorkspaceRole } from '../policy/workspace-roles.ts';
import type { ProfileRecord, WorkspaceRecord } from '../state/records.ts';
import { baseUrl } from './urls.ts';

/**
 * Per-request helpers of the REST API: the caller and its role (established by the policy's guard
 * before the handler ran), the public base URL, and lookups.
 */
export interface RestScope {
  /** `claims.sub` is the acting principal: the profile's id when the call acts as a profile. */
  claims: AppTokenClaims;
  /** The profile the call acts as (`X-PowerBI-profile-id`), if any. */
  profile: ProfileRecord | undefined;
  /** The caller's role in the workspace the URL names (absent on routes without one). */
  role: WorkspaceRole | undefined;
  base: string;
  workspace(groupId: string): WorkspaceRecord;
}

export function restScope(
  context: EmulatorContext,
  request: FastifyRequest,
  prefix: string,
): RestScope {
  const access = restAccessOf(request);
  return {
    claims: access.claims,
    profile: access.profile,
    role: access.role,
    base: baseUrl(context, request, prefix),
    workspace(groupId) {
      const workspace = context.registry.workspaces.get(groupId);
      if (!workspace) throw notFound(`Workspace ${groupId}`);
      return workspace;
    },
  };
}
