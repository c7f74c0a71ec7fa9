import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from '../../shared/timestamps.ts';

/** One signed-in browser session. Access tokens carry its id; revoking it ends them all. */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<CreatedAt>;
  /** Absolute end of the session (refresh cannot extend past it). */
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** "Remember me": false ends the session with the browser (see BROWSER_SESSION_IDLE_SECONDS). */
  persistent: Generated<boolean>;
  /** Why it was revoked, when the person is told (see SessionEndReason); null otherwise. */
  end_reason: SessionEndReason | null;
  /** Good only for setting up a first second factor (one is required and there is none yet). */
  mfa_enrolment_only: Generated<boolean>;
}

/**
 * 'role_changed': the person's role changed, so their next refresh asks them to sign in again.
 * 'password_changed': the person changed their password in another session, which ends this one.
 */
export type SessionEndReason = 'role_changed' | 'password_changed';
export type SessionRow = Selectable<SessionsTable>;

/** Rotating, single-use refresh credentials of a session (the "family"); only hashes are stored. */
export interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  created_at: Generated<CreatedAt>;
  used_at: Date | null;
}

/** Single-use links mailed to a person: password reset and account invitation. */
export interface PasswordTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  purpose: 'reset' | 'invite';
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<CreatedAt>;
}

/** A started OpenID Connect sign-in, keyed by the hash of its `state` (single use, 10 minutes). */
export interface OidcRequestsTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  /** A same-origin path, checked when the sign-in started. */
  redirect: string;
  created_at: Generated<CreatedAt>;
  expires_at: Date;
}

/** One-time tickets /oauth/callback exchanges for a session (deleted on use, 60 seconds). */
export interface SignInTicketsTable {
  ticket_hash: string;
  user_id: string;
  created_at: Generated<CreatedAt>;
  expires_at: Date;
}

/**
 * Password guesses from one client address for one typed email (`client` is the address), or for
 * the email from everywhere (`client` is '*'). A row may name an email nobody has.
 */
export interface SignInAttemptsTable {
  email: string;
  client: string;
  /** Attempts reserved in the current window, the one under way included. */
  attempts: number;
  window_started_at: Generated<Date>;
  locked_until: Date | null;
}
