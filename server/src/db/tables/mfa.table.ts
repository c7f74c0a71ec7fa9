import type { Generated } from 'kysely';
import type { CreatedAt } from '../../shared/timestamps.ts';

/** A person's authenticator-app secret (AES-256-GCM); unconfirmed while being set up. */
export interface MfaTotpTable {
  user_id: string;
  secret_encrypted: string;
  /** Null until a code from the app proved it was stored there; only then is it a factor. */
  confirmed_at: Date | null;
  /** The last accepted 30-second step (a bigint, read as a number: create-database.ts parses int8). */
  last_step: number | null;
  created_at: Generated<CreatedAt>;
}

/** One-time recovery codes (SHA-256 of the normalised code). */
export interface MfaRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<CreatedAt>;
}

/** A WebAuthn credential registered as a second factor. */
export interface MfaPasskeysTable {
  id: Generated<string>;
  user_id: string;
  /** base64url, as the browser reports it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (a bigint, read as a number: create-database.ts parses int8). */
  counter: Generated<number>;
  transports: Generated<string[]>;
  backed_up: Generated<boolean>;
  name: string;
  created_at: Generated<CreatedAt>;
  last_used_at: Date | null;
}

/** The second step of a sign-in under way: hashed ticket, single use, 5 minutes. */
export interface MfaSignInTicketsTable {
  ticket_hash: string;
  user_id: string;
  remember: boolean;
  /** The challenge of a passkey sign-in under way (base64url), null before one is asked for. */
  passkey_challenge: string | null;
  created_at: Generated<CreatedAt>;
  expires_at: Date;
}

/** The challenge of a passkey being added (one per person, 5 minutes). */
export interface MfaPasskeyChallengesTable {
  user_id: string;
  challenge: string;
  expires_at: Date;
}
