import type { InjectOptions } from 'fastify';
import type { TestApp } from '../helper.ts';
import type { Cast } from '../support/fixtures.ts';

/** Who calls: nobody, the super admin, tenant A's Admin and Viewer, tenant B's Admin. */
export const ACTORS = ['anonymous', 'superAdmin', 'adminA', 'viewerA', 'adminB'] as const;
export type Actor = (typeof ACTORS)[number];

/** Whose objects the request names: tenant A's or tenant B's. */
export const TARGETS = ['A', 'B'] as const;
export type Target = (typeof TARGETS)[number];

export interface MatrixContext {
  t: TestApp;
  cast: Cast;
  /** The tenant row of a target. */
  tenant(target: Target): Cast['tenantA'];
}

/** The request minus the method, URL pattern and token, which the runner supplies. */
export type CellRequest = Omit<InjectOptions, 'method'> & { url: string };

export interface RouteEntry {
  /**
   * Builds the request naming `target`'s objects. Called once per cell (actor × target): routes
   * that change or delete things create a fresh object here, so cells never depend on each other.
   */
  request(ctx: MatrixContext, target: Target): CellRequest | Promise<CellRequest>;
  /** Expected status per actor: [naming tenant A's objects, naming tenant B's objects]. */
  expect: Record<Actor, readonly [number, number]>;
}

/** Routes anyone may call (sign-in, health): listed with the reason they are outside the matrix. */
export interface PublicEntry {
  public: string;
}

export type MatrixEntry = RouteEntry | PublicEntry;

/** Keyed `METHOD /api/path/:param` exactly as Fastify registers the route. */
export type Matrix = Record<string, MatrixEntry>;

// Shorthands for the common shapes; spell out anything unusual in full.
const all = (status: number) => [status, status] as const;

/** Super administrators only: everyone else is refused whatever they name. */
export const superAdminOnly = (ok = 200): RouteEntry['expect'] => ({
  anonymous: all(401),
  superAdmin: all(ok),
  adminA: all(403),
  viewerA: all(403),
  adminB: all(403),
});

/**
 * Readable by the members of the named tenant and by super admins; other tenants' members are
 * refused with `foreign` (403 for a tenant in the path, 404 for an object id).
 */
export const tenantMembers = (ok = 200, foreign = 403): RouteEntry['expect'] => ({
  anonymous: all(401),
  superAdmin: all(ok),
  adminA: [ok, foreign],
  viewerA: [ok, foreign],
  adminB: [foreign, ok],
});

/** Changeable by the named tenant's Admin and by super admins; Viewers are refused (403). */
export const tenantAdmins = (ok = 200, foreign = 403): RouteEntry['expect'] => ({
  anonymous: all(401),
  superAdmin: all(ok),
  adminA: [ok, foreign],
  viewerA: [403, foreign === 404 ? 404 : 403],
  adminB: [foreign, ok],
});
