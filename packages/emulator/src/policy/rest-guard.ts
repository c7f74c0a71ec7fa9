import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppTokenClaims } from '../auth/claims.ts';
import { authenticateApp } from './bearer.ts';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError, notFound } from '../errors.ts';
import type { ProfileRecord } from '../state/records.ts';
import { actingPrincipal } from './acting-principal.ts';
import { forbidden, notMember } from './denials.ts';
import { guardHook, noRule } from './guard-hook.ts';
import type { RouteGuard, WorkspaceScope } from './route-guard.ts';
import { hasCapability, roleOf, type Capability, type WorkspaceRole } from './workspace-roles.ts';

/** What the guard established for a REST request: who calls, and its role where the URL names one. */
export interface RestAccess {
  /** The token's claims, `sub` being the acting principal (a profile's id when a profile acts). */
  claims: AppTokenClaims;
  /** The profile the call acts as (`X-PowerBI-profile-id`). */
  profile?: ProfileRecord;
  workspaceId?: string;
  role?: WorkspaceRole;
}

const decisions = new WeakMap<FastifyRequest, RestAccess>();

/** The guard's decision for this request; a handler reached without one is refused (fail closed). */
export function restAccessOf(request: FastifyRequest): RestAccess {
  const access = decisions.get(request);
  if (!access) throw noRule(request);
  return access;
}

function workspaceOfRequest(
  context: EmulatorContext,
  params: Record<string, string | undefined>,
  scope: WorkspaceScope,
): string {
  const { registry } = context;
  if (params.groupId !== undefined) {
    if (!registry.workspaces.has(params.groupId)) throw notFound(`Workspace ${params.groupId}`);
    return params.groupId;
  }
  const id = params[`${scope}Id`] ?? '';
  const record =
    scope === 'report'
      ? registry.reports.get(id)
      : scope === 'dataset'
        ? registry.datasets.get(id)
        : scope === 'dashboard'
          ? registry.dashboards.get(id)
          : undefined;
  if (!record) throw notFound(`${scope[0]?.toUpperCase()}${scope.slice(1)} ${id}`);
  return record.groupId;
}

/** Applies a REST route's rule: authentication, then the caller's role in the workspace. */
export function authorizeRest(
  context: EmulatorContext,
  request: FastifyRequest,
  guard: RouteGuard,
): RestAccess | undefined {
  if (guard.kind === 'public') return undefined;
  if (guard.kind !== 'app' && guard.kind !== 'workspace') {
    throw new EmulatorError('InternalServerError', `A ${guard.kind} rule on a REST route`);
  }
  const { claims, profile } = actingPrincipal(context, request, authenticateApp(context, request));
  const caller = profile ? { claims, profile } : { claims };
  if (guard.kind === 'app') {
    if (guard.servicePrincipalOnly && profile) {
      throw forbidden('Only the service principal itself can call this, not one of its profiles');
    }
    return caller;
  }
  const workspaceId = workspaceOfRequest(
    context,
    request.params as Record<string, string | undefined>,
    guard.scope,
  );
  const role = roleOf(context.registry, workspaceId, claims.sub);
  if (!role) throw notMember();
  if (!hasCapability(role, guard.capability)) {
    throw forbidden(`The ${role} role cannot ${describe[guard.capability]} in this workspace`);
  }
  return { ...caller, workspaceId, role };
}

const describe: Record<Capability, string> = {
  read: 'read content',
  readUsers: 'list the workspace users',
  manageUsers: 'add, change or remove workspace users',
  deleteWorkspace: 'delete the workspace',
  assignCapacity: 'assign the workspace to a capacity',
  createContent: 'create content',
  editContent: 'edit content',
  deleteContent: 'delete content',
  refresh: 'refresh datasets',
  embedView: 'generate embed tokens',
  embedEdit: 'generate Edit embed tokens',
  embedCreate: 'generate Create embed tokens',
  readAllRows: 'read rows hidden by row-level security',
};

/** The onRequest hook of the REST API: every route goes through its rule before its handler runs. */
export const restGuard = (context: EmulatorContext): onRequestHookHandler =>
  guardHook((request, guard) => {
    const access = authorizeRest(context, request, guard);
    if (access) decisions.set(request, access);
  });
