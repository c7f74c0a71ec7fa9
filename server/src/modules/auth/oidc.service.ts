import { timingSafeEqual } from 'node:crypto';
import type { OidcCallbackQuery } from '@canopy/portal-contract';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import { findLoginCandidate, findPersonById, recordSuccessfulLogin } from './login.repository.ts';
import type { RequestMeta } from './login.service.ts';
import type { OidcClient } from './oidc-client.ts';
import {
  consumeOidcRequest,
  consumeSignInTicket,
  insertOidcRequest,
  insertSignInTicket,
} from './oidc.repository.ts';
import { startSession, type IssuedSession, type SessionDeps } from './session.service.ts';
import { personInfo, type PersonInfo } from './signed-in-person.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** A started sign-in must come back within 10 minutes; its ticket must be exchanged within 60 s. */
export const OIDC_REQUEST_TTL_SECONDS = 10 * 60;
export const SIGN_IN_TICKET_TTL_SECONDS = 60;

export interface OidcDeps extends SessionDeps {
  client: OidcClient;
}

/**
 * Starts an external sign-in: a random state (also set in the browser's cookie by the route, so a
 * callback only completes in the browser that started it), a nonce for the ID token and a PKCE
 * verifier, kept server-side under the state's hash. Returns the provider's authorization URL.
 */
export async function startOidcSignIn(deps: OidcDeps, redirect: string) {
  const state = newSecret();
  const nonce = newSecret();
  const codeVerifier = newSecret();
  // Discovery first: when the provider is down nothing is stored.
  const url = await deps.client.authorizationUrl({ state, nonce, codeVerifier });
  await insertOidcRequest(deps.db, {
    state_hash: hashSecret(state),
    nonce,
    code_verifier: codeVerifier,
    redirect,
    expires_at: new Date(Date.now() + OIDC_REQUEST_TTL_SECONDS * 1000),
  });
  return { url, state };
}

const sameSecret = (a: string, b: string) => {
  const [x, y] = [Buffer.from(hashSecret(a)), Buffer.from(hashSecret(b))];
  return timingSafeEqual(x, y);
};

/**
 * The provider's redirect back. The state must match the browser's cookie and a stored, unexpired,
 * unused request (it is consumed here, so a replay fails). The code is redeemed over HTTP and the ID
 * token checked; only an existing super administrator whose verified email matches gets a ticket.
 * Returns that one-time ticket (not an access token) and the same-origin path to go to.
 */
export async function completeOidcSignIn(
  deps: OidcDeps,
  query: OidcCallbackQuery,
  cookieState: string | undefined,
  meta: RequestMeta,
): Promise<{ ticket: string; redirect: string }> {
  const { db } = deps;
  if (!query.state || !cookieState || !sameSecret(query.state, cookieState)) {
    throw new AppError('OIDC_STATE_INVALID');
  }
  const request = await consumeOidcRequest(db, hashSecret(query.state));
  if (!request) throw new AppError('OIDC_STATE_INVALID');
  if (query.error || !query.code) {
    await audit(db, {
      action: 'auth.oidc_refused',
      ip: meta.ip,
      details: { reason: 'provider error', error: (query.error ?? 'no code').slice(0, 64) },
    });
    throw new AppError('OIDC_FAILED');
  }

  const identity = await deps.client.redeem({
    code: query.code,
    codeVerifier: request.code_verifier,
    nonce: request.nonce,
  });
  const person =
    identity.email && identity.emailVerified
      ? await findLoginCandidate(db, identity.email)
      : undefined;
  if (!person?.is_super_admin) {
    await audit(db, {
      action: 'auth.oidc_refused',
      actor: person ? { userId: person.id, email: person.email } : null,
      ip: meta.ip,
      details: {
        reason: !identity.emailVerified
          ? 'email not verified'
          : person
            ? 'not a super administrator'
            : 'no such account',
        email: identity.email?.slice(0, 254) ?? null,
        subject: identity.subject.slice(0, 254),
      },
    });
    throw new AppError('OIDC_NOT_ALLOWED');
  }

  const ticket = newSecret();
  await insertSignInTicket(db, {
    ticket_hash: hashSecret(ticket),
    user_id: person.id,
    expires_at: new Date(Date.now() + SIGN_IN_TICKET_TTL_SECONDS * 1000),
  });
  return { ticket, redirect: request.redirect };
}

/**
 * The SPA's /oauth/callback trades the ticket for a session, exactly like a password sign-in. The
 * ticket works once, for 60 seconds, and only while the person is still a super administrator.
 */
export async function exchangeSignInTicket(
  deps: SessionDeps,
  ticket: string,
  meta: RequestMeta,
): Promise<{ person: PersonInfo; session: IssuedSession }> {
  const { db } = deps;
  const row = await consumeSignInTicket(db, hashSecret(ticket));
  const person = row ? await findPersonById(db, row.user_id) : undefined;
  if (!person?.is_super_admin) throw new AppError('INVALID_SIGN_IN_TICKET');
  await recordSuccessfulLogin(db, person.id);
  // No "Remember me" on this path: the session ends with the browser, and the identity provider's
  // own session signs the person in again quickly.
  const session = await startSession(deps, person.id, meta, false);
  await audit(db, {
    action: 'auth.oidc_login',
    actor: { userId: person.id, email: person.email },
    ip: meta.ip,
  });
  return { person: personInfo(person), session };
}
