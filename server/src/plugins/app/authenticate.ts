import type { Access } from '@canopy/portal-contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import { checkedTenantId } from '../../db/tenant-context.ts';
import { isSuperAdmin, isTenantAdmin, type Principal } from '../../shared/principal.ts';
import { findPrincipalBySession } from '../../modules/auth/sessions.repository.ts';
import type { Actor } from '../../shared/actor.ts';
import type { AccessClaims } from '../../shared/access-claims.ts';

/**
 * Who may call a route is declared once, with the endpoint, in `@canopy/portal-contract` (see
 * `Access` there) and copied to the route's `config.access` by routes/route-of.ts. Finer rules
 * (which tenant, which object) live in the services. Routes without a declaration are
 * `signed-in`, so a forgotten declaration fails closed.
 */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Also answered for a session restricted to setting up a second factor. */
    mfaEnrolment?: boolean;
  }
  interface FastifyRequest {
    /** Set for every non-public route by the time its handler runs. */
    principal: Principal | null;
  }
}

/** The principal of a non-public route's request (the hook guarantees it is there). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}

/** The signed-in person behind a request and their address, for audited changes. */
export const actorOf = (request: FastifyRequest): Actor => ({
  principal: principalOf(request),
  ip: request.ip,
});

function allows(access: Access, principal: Principal): boolean {
  switch (access) {
    case 'public':
    case 'signed-in':
      return true;
    case 'superadmin':
      return isSuperAdmin(principal);
    case 'tenant-user':
      return principal.type === 'tenant-user';
    case 'tenant-admin':
      return isSuperAdmin(principal) || isTenantAdmin(principal);
  }
}

export default fp(
  (app, _options, done) => {
    app.decorateRequest('principal', null);
    // A cache miss: the database decides, and a live session is kept for the next request.
    const readSession = async (claims: AccessClaims) => {
      const version = app.sessionCache.currentVersion;
      const row = await findPrincipalBySession(app.db, claims.sid, claims.sub);
      if (row) app.sessionCache.store(claims.sid, row, version);
      return row;
    };
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access ?? 'signed-in';
      // Unmatched URLs (404) and the docs UI are not API routes of ours.
      if (access === 'public' || !request.routeOptions.url?.startsWith('/api/')) return;
      if (request.routeOptions.url.startsWith('/api/docs')) return;
      let claims: AccessClaims;
      try {
        claims = await request.jwtVerify<AccessClaims>();
      } catch {
        throw new AppError(request.headers.authorization ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
      }
      const row = app.sessionCache.get(claims.sid, claims.sub) ?? (await readSession(claims));
      // A revoked or expired session, a deleted person or a deactivated tenant: the token is dead.
      if (!row) throw new AppError('SESSION_EXPIRED');
      const principal: Principal = {
        userId: row.user_id,
        email: row.email,
        type: row.is_super_admin ? 'superadmin' : 'tenant-user',
        tenantId: row.tenant_id,
        roles: row.roles,
        sessionId: claims.sid,
      };
      // Someone who must use a second factor and has none yet may only set one up.
      if (row.mfa_enrolment_only && request.routeOptions.config.mfaEnrolment !== true) {
        throw new AppError('MFA_ENROLMENT_REQUIRED');
      }
      if (!allows(access, principal)) throw new AppError('FORBIDDEN');
      request.principal = principal;
      // The second line of tenant separation: a tenant user's queries see their tenant's rows
      // only. A super administrator's go the service path, named in the request's log lines;
      // what they change is in the audit log.
      if (principal.type === 'tenant-user' && principal.tenantId !== null) {
        request.dbScope.tenantId = checkedTenantId(principal.tenantId);
      } else {
        request.dbScope.service = 'superadmin';
        request.log = request.log.child({ dbScope: 'service:superadmin' });
      }
    });
    done();
  },
  { name: 'authenticate', dependencies: ['jwt', 'db', 'db-scope', 'session-cache'] },
);
