import { PASSWORD } from '../support/fixtures.ts';
import { freshViewer } from './fixtures.ts';
import type { Matrix, RouteEntry } from './matrix-types.ts';

/**
 * My account names no tenant and no other person: every signed-in person gets the same answer
 * whichever tenant the cell is about. The runner sends these as a new person like the actor
 * (see actsOnOwnAccount), so ending "every session of mine" does not sign the cast out.
 */
const everyone = (ok: number): RouteEntry['expect'] => ({
  anonymous: [401, 401],
  superAdmin: [ok, ok],
  adminA: [ok, ok],
  viewerA: [ok, ok],
  adminB: [ok, ok],
});

/** The session id an access token is bound to (its `sid` claim). */
const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
    .sid;

export const ACCOUNT_MATRIX: Matrix = {
  'GET /api/account': { request: () => ({ url: '/api/account' }), expect: everyone(200) },
  'PATCH /api/account': {
    request: () => ({ url: '/api/account', payload: { firstName: 'Matrix', lastName: 'Cell' } }),
    expect: everyone(200),
  },
  'POST /api/account/password': {
    request: () => ({
      url: '/api/account/password',
      payload: { currentPassword: PASSWORD, newPassword: 'Matrix-Password-2' },
    }),
    expect: everyone(200),
  },
  'GET /api/account/sessions': {
    request: () => ({ url: '/api/account/sessions' }),
    expect: everyone(200),
  },
  // Someone else's session, of either tenant: nobody may end it, and nothing says it exists.
  'DELETE /api/account/sessions/:sessionId': {
    request: async (ctx, target) => ({
      url: `/api/account/sessions/${sessionOf((await freshViewer(ctx, target)).token)}`,
    }),
    expect: everyone(404),
  },
  'DELETE /api/account/sessions': {
    request: () => ({ url: '/api/account/sessions' }),
    expect: everyone(200),
  },
};
