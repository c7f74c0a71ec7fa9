import type { FastifyRequest } from 'fastify';
import type { AppTokenClaims } from '../auth/claims.ts';
import { authenticateApp } from '../auth/bearer.ts';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError, notFound } from '../errors.ts';
import type { WorkspaceRecord } from '../state/records.ts';
import { baseUrl } from './urls.ts';

/** Per-request helpers of the REST API: the caller, the base URL, and access-checked lookups. */
export interface RestScope {
  claims: AppTokenClaims;
  base: string;
  workspace(groupId: string): WorkspaceRecord;
  /** An entity's workspace must exist and the caller must be a member; else 404 / 401. */
  checkMember(groupId: string): void;
}

export function restScope(
  context: EmulatorContext,
  request: FastifyRequest,
  prefix: string,
): RestScope {
  const claims = authenticateApp(context, request);
  const checkMember = (groupId: string) => {
    if (!context.registry.isMember(groupId, claims.sub)) {
      throw new EmulatorError(
        'PowerBINotAuthorizedException',
        'The caller is not a member of the workspace',
      );
    }
  };
  return {
    claims,
    base: baseUrl(context, request, prefix),
    workspace(groupId) {
      const workspace = context.registry.workspaces.get(groupId);
      if (!workspace) throw notFound(`Workspace ${groupId}`);
      checkMember(groupId);
      return workspace;
    },
    checkMember,
  };
}
