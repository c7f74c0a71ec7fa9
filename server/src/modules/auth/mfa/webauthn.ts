import type { PasskeyAssertion, PasskeyRegistrationCredential } from '@canopy/portal-contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, for this portal as the relying party: its
 * id is the host of the portal's public address and browsers must report that address's origin.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: 'Canopy', origin: url.origin };
};

/** How long the browser may take, and how long a challenge is kept. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

export interface StoredPasskey {
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
}

const transportsOf = (list: readonly string[]) => list as AuthenticatorTransport[];

/** The options for adding a passkey; the person's own passkeys are excluded (no duplicates). */
export function registrationOptions(
  rp: RelyingParty,
  person: { id: string; email: string },
  existing: readonly Pick<StoredPasskey, 'credential_id' | 'transports'>[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    // The user handle is the person's id, never their email (it is stored on the authenticator).
    userID: new TextEncoder().encode(person.id),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential if the browser's answer verifies against the challenge, else null. */
export async function verifyRegistration(
  rp: RelyingParty,
  credential: PasskeyRegistrationCredential,
  expectedChallenge: string,
) {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: credential.response.transports ?? [],
      backedUp: info.credentialBackedUp,
    };
  } catch {
    // A malformed attestation, a wrong origin or challenge: all the same refusal.
    return null;
  }
}

/** The options for signing in with one of the person's passkeys. */
export function authenticationOptions(
  rp: RelyingParty,
  passkeys: readonly Pick<StoredPasskey, 'credential_id' | 'transports'>[],
) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.credential_id,
      transports: transportsOf(passkey.transports),
    })),
  });
}

/**
 * The new signature counter if the assertion verifies with the stored public key, else null. A
 * counter that went backwards (a cloned authenticator) fails verification.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  assertion: PasskeyAssertion,
  expectedChallenge: string,
  stored: StoredPasskey,
) {
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    return {
      counter: result.authenticationInfo.newCounter,
      backedUp: result.authenticationInfo.credentialBackedUp,
    };
  } catch {
    return null;
  }
}
