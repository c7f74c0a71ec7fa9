import { PASSWORD } from '../support/fixtures.ts';
import { freshViewer } from './fixtures.ts';
import type { Matrix, MatrixContext, RouteEntry, Target } from './matrix-types.ts';

/**
 * Two-step verification. My account's factor routes name no tenant: each cell is sent as a new
 * person like the actor (actsOnOwnAccount), who has no factor yet, so the answers are the same
 * for everyone. A passkey id in the path is someone else's, of either tenant: 404, like nothing.
 */
const everyone = (ok: number): RouteEntry['expect'] => ({
  anonymous: [401, 401],
  superAdmin: [ok, ok],
  adminA: [ok, ok],
  viewerA: [ok, ok],
  adminB: [ok, ok],
});

/** A passkey of a new Viewer of the target tenant, stored as registration would store it. */
async function othersPasskey(ctx: MatrixContext, target: Target): Promise<string> {
  const owner = await freshViewer(ctx, target);
  const row = await ctx.t.database.db
    .insertInto('mfa_passkeys')
    .values({
      user_id: owner.id,
      credential_id: `matrix-${owner.id}`,
      public_key: 'AA',
      name: 'Matrix key',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const notAPasskey = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
  clientExtensionResults: {},
};

export const MFA_MATRIX: Matrix = {
  'POST /api/auth/mfa/passkey-options': { public: 'the second-step ticket is the credential' },
  'POST /api/auth/mfa/verify': {
    public: 'the second-step ticket plus a factor are the credential',
  },

  'GET /api/account/mfa': { request: () => ({ url: '/api/account/mfa' }), expect: everyone(200) },
  'POST /api/account/mfa/totp': {
    request: () => ({ url: '/api/account/mfa/totp' }),
    expect: everyone(200),
  },
  // Nothing started for the new person: the same refusal for everyone.
  'POST /api/account/mfa/totp/confirm': {
    request: () => ({ url: '/api/account/mfa/totp/confirm', payload: { code: '123456' } }),
    expect: everyone(409),
  },
  'POST /api/account/mfa/totp/remove': {
    request: () => ({ url: '/api/account/mfa/totp/remove', payload: { password: PASSWORD } }),
    expect: everyone(409),
  },
  'POST /api/account/mfa/passkeys/options': {
    request: () => ({ url: '/api/account/mfa/passkeys/options' }),
    expect: everyone(200),
  },
  'POST /api/account/mfa/passkeys': {
    request: () => ({
      url: '/api/account/mfa/passkeys',
      payload: { name: 'Matrix', credential: notAPasskey },
    }),
    expect: everyone(400),
  },
  'PATCH /api/account/mfa/passkeys/:passkeyId': {
    request: async (ctx, target) => ({
      url: `/api/account/mfa/passkeys/${await othersPasskey(ctx, target)}`,
      payload: { name: 'Taken over' },
    }),
    expect: everyone(404),
  },
  'POST /api/account/mfa/passkeys/:passkeyId/remove': {
    request: async (ctx, target) => ({
      url: `/api/account/mfa/passkeys/${await othersPasskey(ctx, target)}/remove`,
      payload: { password: PASSWORD },
    }),
    expect: everyone(404),
  },
  'POST /api/account/mfa/recovery-codes': {
    request: () => ({ url: '/api/account/mfa/recovery-codes', payload: { password: PASSWORD } }),
    expect: everyone(409),
  },

  // The organisation's policy: its Admins and super administrators.
  'GET /api/tenants/:tenantId/security': {
    request: (ctx, target) => ({ url: `/api/tenants/${ctx.tenant(target).id}/security` }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [200, 200],
      adminA: [200, 403],
      viewerA: [403, 403],
      adminB: [403, 200],
    },
  },
  'PUT /api/tenants/:tenantId/security': {
    request: (ctx, target) => ({
      url: `/api/tenants/${ctx.tenant(target).id}/security`,
      payload: { requireMfa: false },
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [200, 200],
      adminA: [200, 403],
      viewerA: [403, 403],
      adminB: [403, 200],
    },
  },
  // A person named by id: another tenant's is 404 to a tenant Admin, Viewers may not reset.
  'DELETE /api/users/mfa/:id': {
    request: async (ctx, target) => ({
      url: `/api/users/mfa/${(await freshViewer(ctx, target)).id}`,
    }),
    expect: {
      anonymous: [401, 401],
      superAdmin: [200, 200],
      adminA: [200, 404],
      viewerA: [403, 403],
      adminB: [404, 200],
    },
  },
};
