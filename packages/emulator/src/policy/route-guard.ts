import type { Capability } from './workspace-roles.ts';

/**
 * Who may call a route. Every route declares its guard next to its handler (routing/define-route.ts
 * puts it in the route's `config.guard`); the guards (rest-guard.ts, embed-guard.ts) read it for each
 * request and refuse a route that has none, so adding a route means deciding who may call it.
 */
export type EmbedOperation =
  | 'readReport'
  | 'editReport'
  | 'createReport'
  | 'readDashboard'
  | 'readTile'
  | 'query'
  | 'readDataset'
  | 'userState';

/** Where a workspace rule finds its workspace: `groupId`, else the workspace of the named entity. */
export type WorkspaceScope = 'group' | 'report' | 'dataset' | 'dashboard';

export type RouteGuard =
  /** No token: the page or endpoint reveals nothing protected (embed pages, OAuth, 404 fallbacks). */
  | { kind: 'public'; why: string }
  /** /_emulator/admin: only when the `adminApi` option is on (the default for a local test tool). */
  | { kind: 'admin' }
  /**
   * Any valid app token; the handler narrows (e.g. GET /groups lists the caller's workspaces).
   * `servicePrincipalOnly`: refused when the call acts as a profile (the Profiles API).
   */
  | { kind: 'app'; grant?: boolean; servicePrincipalOnly?: boolean }
  /** An app token whose principal holds `capability` in the workspace the URL names. */
  | {
      kind: 'workspace';
      capability: Capability;
      scope: WorkspaceScope;
      /** GenerateToken routes: the grant policy also checks every item the body lists. */
      grant?: boolean;
    }
  /** An embed (or app) token checked against the exact resource of the request. */
  | { kind: 'embed'; operation: EmbedOperation };

/** The route options' `config` of a declared route. */
export interface GuardConfig {
  guard: RouteGuard;
}

/** The guard a route declared, or undefined for a route registered without one (refused). */
export function guardOf(config: unknown): RouteGuard | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  return (config as Partial<GuardConfig>).guard;
}

/** No token; `why` says what makes the route safe to leave open. */
export const publicAccess = (why: string): RouteGuard => ({ kind: 'public', why });

/** The admin API: answered only when `adminApi` is on. */
export const adminOnly: RouteGuard = { kind: 'admin' };

/** Any valid app token; `grant`: the body lists items the grant policy checks (V2 GenerateToken). */
export const anyAppToken = (options: { grant?: boolean } = {}): RouteGuard => ({
  kind: 'app',
  ...(options.grant ? { grant: true } : {}),
});

/** An app token of a service principal acting as itself, not as one of its profiles. */
export const servicePrincipalOnly = (): RouteGuard => ({ kind: 'app', servicePrincipalOnly: true });

/** An app token whose principal holds `capability` in the workspace of `scope`. */
export const workspaceRole = (
  capability: Capability,
  scope: WorkspaceScope = 'group',
  options: { grant?: boolean } = {},
): RouteGuard => ({
  kind: 'workspace',
  capability,
  scope,
  ...(options.grant ? { grant: true } : {}),
});

/** An embed (or app) token that the handler checks against the exact resource. */
export const embedToken = (operation: EmbedOperation): RouteGuard => ({ kind: 'embed', operation });
