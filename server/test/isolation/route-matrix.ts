import { multipart, TINY_PNG } from '../support/multipart.ts';
import { createTenant } from '../support/fixtures.ts';
import { ACCOUNT_MATRIX } from './account-entries.ts';
import { CHAT_MATRIX } from './chat-entries.ts';
import { freshInvitee, freshViewer } from './fixtures.ts';
import { GROUP_MATRIX } from './group-entries.ts';
import { INTEGRATION_MATRIX } from './integration-entries.ts';
import { MFA_MATRIX } from './mfa-entries.ts';
import { REPORT_MATRIX } from './report-entries.ts';
import { SUBSCRIPTION_MATRIX } from './subscription-entries.ts';
import { superAdminOnly, tenantAdmins, tenantMembers, type Matrix } from './matrix-types.ts';

let uniqueEmail = 0;
/** A tenant's person named by id: tenant Admins get 404 for another tenant's, Viewers 403 for any. */
const personOfTenant = {
  anonymous: [401, 401],
  superAdmin: [200, 200],
  adminA: [200, 404],
  viewerA: [403, 403],
  adminB: [404, 200],
} as const;

/**
 * The expected answer of every API route for every actor and target (see README.md). Grouped by
 * resource; keep each group next to its neighbours in routes/index.ts.
 */
export const ROUTE_MATRIX: Matrix = {
  // health
  'GET /api/health': { public: 'load-balancer probe, reveals nothing' },
  'GET /api/ready': { public: 'readiness probe: database and migrations, nothing else' },
  'GET /api/version': { public: 'the release number and commit, as in the published changelog' },

  // auth
  'POST /api/auth/login': { public: 'sign-in' },
  'GET /api/auth/contact': { public: 'the support address the sign-in page shows' },
  'POST /api/auth/refresh': { public: 'the HttpOnly refresh cookie is the credential' },
  'POST /api/auth/logout': { public: 'ends the session of the cookie or bearer token, if any' },
  'POST /api/auth/forgot-password': { public: 'neutral answer whoever asks' },
  'POST /api/auth/reset-password': { public: 'the mailed single-use token is the credential' },
  'POST /api/auth/password-link': { public: 'the mailed token is the credential; says only of it' },
  'POST /api/auth/invitation/renew': { public: 'neutral answer; mails only the invited address' },
  'GET /api/auth/oidc': { public: 'whether external sign-in is offered' },
  'GET /api/auth/oidc/start': { public: 'starts external sign-in' },
  'GET /api/auth/oidc/callback': { public: 'state + PKCE bind it to the browser that started' },
  'POST /api/auth/oidc/exchange': { public: 'the one-time ticket is the credential' },

  // my account (the caller's own name, password and sessions; no tenant, no other person)
  ...ACCOUNT_MATRIX,

  // two-step verification: the second sign-in step, My account's factors, policy, admin reset
  ...MFA_MATRIX,

  // tenants (super administrators; a tenant Admin reads their own tenant for branding)
  'GET /api/admin/tenants': {
    request: () => ({ url: '/api/admin/tenants' }),
    expect: superAdminOnly(),
  },
  'GET /api/admin/tenants/:id': {
    request: (ctx, target) => ({ url: `/api/admin/tenants/${ctx.tenant(target).id}` }),
    expect: tenantAdmins(200, 403),
  },
  'POST /api/admin/tenants': {
    request: () => ({
      url: '/api/admin/tenants',
      payload: {
        name: 'Matrix',
        // Each new tenant invites its admin, and an email belongs to one person.
        adminEmail: `matrix-admin-${process.pid}-${++uniqueEmail}@example.com`,
        createPowerBIWorkspace: false,
      },
    }),
    expect: superAdminOnly(201),
  },
  'PUT /api/admin/tenants/:id': {
    request: (ctx, target) => ({
      url: `/api/admin/tenants/${ctx.tenant(target).id}`,
      payload: { name: ctx.tenant(target).name, adminEmail: ctx.tenant(target).admin_email },
    }),
    expect: superAdminOnly(),
  },
  'DELETE /api/admin/tenants/:id': {
    request: async (ctx) => ({ url: `/api/admin/tenants/${(await createTenant(ctx.t)).id}` }),
    expect: superAdminOnly(),
  },

  // tenant settings: members read, that tenant's Admin changes (super admins edit the tenant instead)
  'GET /api/tenants/:tenantId/settings': {
    request: (ctx, target) => ({ url: `/api/tenants/${ctx.tenant(target).id}/settings` }),
    expect: tenantMembers(),
  },
  'PUT /api/tenants/:tenantId/settings': {
    request: (ctx, target) => ({
      url: `/api/tenants/${ctx.tenant(target).id}/settings`,
      payload: { primaryColor: '#2563eb', theme: 'dark' },
    }),
    expect: { ...tenantAdmins(200, 403), superAdmin: [403, 403] },
  },

  // users
  'GET /api/users/tenant/:tenantId': {
    request: (ctx, target) => ({ url: `/api/users/tenant/${ctx.tenant(target).id}` }),
    expect: tenantMembers(),
  },
  'POST /api/users': {
    request: (ctx, target) => ({
      url: '/api/users',
      payload: {
        email: `matrix-${process.pid}-${++uniqueEmail}@example.com`,
        tenantId: ctx.tenant(target).id,
        role: 'Viewer',
        password: 'ignored-default-1',
      },
    }),
    expect: tenantAdmins(201, 403),
  },
  'POST /api/users/invitations': {
    request: (ctx, target) => ({
      url: '/api/users/invitations',
      payload: {
        emails: [`matrix-${process.pid}-${++uniqueEmail}@example.com`],
        tenantId: ctx.tenant(target).id,
        role: 'Viewer',
      },
    }),
    expect: tenantAdmins(200, 403),
  },
  'POST /api/users/invitations/:id': {
    request: async (ctx, target) => ({
      url: `/api/users/invitations/${(await freshInvitee(ctx, target)).id}`,
    }),
    expect: personOfTenant,
  },
  'DELETE /api/users/invitations/:id': {
    request: async (ctx, target) => ({
      url: `/api/users/invitations/${(await freshInvitee(ctx, target)).id}`,
    }),
    expect: personOfTenant,
  },
  'PUT /api/users/:id': {
    request: async (ctx, target) => ({
      url: `/api/users/${(await freshViewer(ctx, target)).id}`,
      payload: { role: 'Admin' },
    }),
    expect: personOfTenant,
  },
  'DELETE /api/users/:id': {
    request: async (ctx, target) => ({ url: `/api/users/${(await freshViewer(ctx, target)).id}` }),
    expect: personOfTenant,
  },
  'GET /api/users/chat/:tenantId': {
    request: (ctx, target) => ({ url: `/api/users/chat/${ctx.tenant(target).id}` }),
    expect: { ...tenantMembers(), superAdmin: [403, 403] },
  },
  'GET /api/admin/users': {
    request: () => ({ url: '/api/admin/users' }),
    expect: superAdminOnly(),
  },

  // uploads and files (no tenant in the request: the uploader's own tenant is used)
  'POST /api/admin/upload-logo': {
    request: () => ({ url: '/api/admin/upload-logo', ...multipart('logo', TINY_PNG) }),
    expect: superAdminOnly(),
  },
  'POST /api/upload-logo': {
    request: () => ({ url: '/api/upload-logo', ...multipart('logo', TINY_PNG) }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [200, 200],
      adminA: [200, 200],
      viewerA: [403, 403],
      adminB: [200, 200],
    },
  },
  'GET /api/files/:key': { public: 'logos, served by an unguessable random name' },

  // audit log
  'GET /api/admin/audit': {
    request: (ctx, target) => ({ url: `/api/admin/audit?tenantId=${ctx.tenant(target).id}` }),
    expect: superAdminOnly(),
  },
  'GET /api/admin/audit/actions': {
    request: () => ({ url: '/api/admin/audit/actions' }),
    expect: superAdminOnly(),
  },
  'GET /api/admin/audit/export.csv': {
    request: (ctx, target) => ({
      url: `/api/admin/audit/export.csv?tenantId=${ctx.tenant(target).id}`,
    }),
    expect: superAdminOnly(),
  },

  // chat (the two participants only; a key that is not yours is 404 whoever else it names)
  ...CHAT_MATRIX,

  // reports, embed tokens, grants, usage (the matrix app has no analytics service: 503 = allowed)
  ...REPORT_MATRIX,

  // report subscriptions (own list; by id: recipient, tenant Admins, super administrators)
  ...SUBSCRIPTION_MATRIX,

  // groups and the access matrix (tenant Admins of the tenant in the path, super administrators)
  ...GROUP_MATRIX,

  // data sources, integrations, OAuth (super administrators only)
  ...INTEGRATION_MATRIX,
};
