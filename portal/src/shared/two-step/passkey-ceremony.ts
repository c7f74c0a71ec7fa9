import type { PasskeyAssertion, PasskeyRegistrationCredential } from '@canopy/portal-contract';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** A passkey ceremony that did not finish, with the words to show for it. */
export class PasskeyError extends Error {
  override name = 'PasskeyError';
}

export const PASSKEY_MESSAGES = {
  unsupported: 'This browser cannot use passkeys. Use a code from your authenticator app instead.',
  cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  registered: 'This device already holds a passkey for your account.',
  other: 'The passkey could not be used. Try again, or use another way to verify.',
} as const;

export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * The browser's own wording is for developers ("The operation either timed out or was not
 * allowed"): a person gets one of ours. NotAllowedError is what every browser says when the
 * person closes the prompt, so it reads as "cancelled".
 */
function passkeyFailure(error: unknown): PasskeyError {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return new PasskeyError(PASSKEY_MESSAGES.registered);
    if (error.code === 'ERROR_CEREMONY_ABORTED')
      return new PasskeyError(PASSKEY_MESSAGES.cancelled);
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return new PasskeyError(PASSKEY_MESSAGES.cancelled);
  return new PasskeyError(PASSKEY_MESSAGES.other);
}

/** Creates a passkey from the server's options (navigator.credentials.create). */
export async function createPasskey(options: unknown): Promise<PasskeyRegistrationCredential> {
  if (!passkeysSupported()) throw new PasskeyError(PASSKEY_MESSAGES.unsupported);
  try {
    const credential = await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    });
    // The extension outputs as a plain record: the contract takes any the browser reports.
    return { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } };
  } catch (error) {
    throw passkeyFailure(error);
  }
}

/** Signs the server's challenge with a passkey (navigator.credentials.get). */
export async function signWithPasskey(options: unknown): Promise<PasskeyAssertion> {
  if (!passkeysSupported()) throw new PasskeyError(PASSKEY_MESSAGES.unsupported);
  try {
    const credential = await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    });
    return { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } };
  } catch (error) {
    throw passkeyFailure(error);
  }
}
